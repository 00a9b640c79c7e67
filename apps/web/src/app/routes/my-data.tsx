export { MyDataPage as Component } from '@/features/trust/components/my-data-page';
