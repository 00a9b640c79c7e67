export const authMessages = {
  pageTitle: 'Log ind',
  heading: 'Log ind',
  email: 'E-mail',
  password: 'Adgangskode',
  rememberMe: 'Husk mig',
  submit: 'Log ind',
  signingIn: 'Logger ind...',
} as const;
