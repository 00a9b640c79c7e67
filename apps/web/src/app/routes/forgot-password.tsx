export { ForgotPasswordPage as Component } from '@/features/password-link/components/forgot-password-page';
