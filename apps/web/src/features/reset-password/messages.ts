export const resetPasswordMessages = {
  heading: 'Angiv ny adgangskode',
  password: 'Adgangskode',
  passwordRepeat: 'Gentag adgangskode',
  submit: 'Gem adgangskode',
  saving: 'Gemmer...',
  saved: 'Informationer er gemt',
  notSaved: (message: string) => `Informationer er ikke gemt. Fejl: ${message}`,
} as const;
