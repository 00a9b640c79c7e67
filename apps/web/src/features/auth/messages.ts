export const authMessages = {
  pageTitle: 'Log ind',
  heading: 'Log ind',
  email: 'E-mail',
  password: 'Adgangskode',
  rememberMe: 'Husk mig',
  submit: 'Log ind',
  signingIn: 'Logger ind...',
  forgotPassword: 'Glemt adgangskode?',
  /** Shown on every signed-in screen while an offline sign-in's session has no token (ADR 034). */
  signedInOffline: 'Logget ind uden forbindelse',
} as const;
