export { SelfReadingPage as Component } from '@/features/self-reading/components/self-reading-page';
