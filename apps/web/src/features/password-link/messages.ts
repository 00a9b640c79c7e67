/** The texts of `Glemt adgangskode?` and the set-password page a link in an e-mail opens (issue 35). */
export const passwordLinkMessages = {
  forgotHeading: 'Glemt adgangskode?',
  forgotIntro: 'Skriv din e-mail, så sender vi et link, hvor du kan vælge en ny adgangskode.',
  email: 'E-mail',
  send: 'Send link',
  sending: 'Sender...',
  notSent: (message: string) => `Linket kunne ikke sendes. Fejl: ${message}`,
  backToLogin: 'Tilbage til log ind',

  setHeading: 'Vælg ny adgangskode',
  password: 'Adgangskode',
  passwordRepeat: 'Gentag adgangskode',
  submit: 'Gem adgangskode',
  saving: 'Gemmer...',
  saved: 'Din nye adgangskode er gemt. Du kan nu logge ind med den.',
  notSaved: (message: string) => `Adgangskoden er ikke gemt. Fejl: ${message}`,
  missingLink: 'Linket er ufuldstændigt. Åbn det igen fra e-mailen, eller bed om et nyt.',
  askAgain: 'Bed om et nyt link',
  goToLogin: 'Log ind',
} as const;
