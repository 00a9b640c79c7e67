/**
 * The input settings of the e-mail a person signs in with: the keyboard for addresses, no capital or
 * spelling help, and the browser's saved sign-ins offered (`/login` and `Glemt adgangskode?`).
 */
export const SIGN_IN_EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'username',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
