export { CustomerSelectPage as Component } from '@/features/customer-select/components/customer-select-page';
