export { SetPasswordPage as Component } from '@/features/password-link/components/set-password-page';
