export { ResetPasswordPage as Component } from '@/features/reset-password/components/reset-password-page';
