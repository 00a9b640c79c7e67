import { MAX_PHOTO_PIXELS, MAX_PHOTO_UPLOAD_BYTES } from '@maaler/contract';

/** Every Danish text the server answers with, in one place for review. */
export const messages = {
  unauthorized: 'Du er ikke logget ind, eller din session er udløbet. Log ind igen.',
  forbidden: 'Du har ikke adgang til denne funktion.',
  xsrfMissing: 'Anmodningen mangler et gyldigt sikkerhedstoken. Genindlæs siden og prøv igen.',
  notFound: 'Det efterspurgte findes ikke.',
  badRequest: 'Anmodningen er ugyldig.',
  bodyTooLarge: 'Anmodningen er for stor.',
  unsupportedMediaType: 'Anmodningen skal sendes som JSON.',
  tooManyRequests: 'For mange forespørgsler. Vent lidt, og prøv igen.',
  loginLocked: 'For mange mislykkede loginforsøg. Vent et stykke tid, og prøv igen.',
  /** Every refused device-credential exchange alike: the app learns nothing of which check failed. */
  deviceCredentialRefused: 'Log ind igen, når du har forbindelse',
  apiKeyRefused:
    'API-nøglen er ugyldig eller tilbagekaldt, eller den kan ikke bruges til denne forespørgsel.',
  passwordResetRequired: 'Du skal vælge en ny adgangskode, før du kan fortsætte.',
  cannotDeleteSelf: 'Du kan ikke slette dig selv.',
  userOutsideAdministration:
    'Du kan ikke ændre denne bruger: brugeren hører også til kunder, som du ikke administrerer.',
  cannotChangeSelf:
    'Du kan ikke ændre din egen rolle eller dine egne konti eller deaktivere dig selv. Bed en anden administrator om det.',
  meterReaderOneCustomer: 'En måleraflæser kan kun have konti hos én kunde.',
  emailUnavailable: 'E-mailadressen kan ikke bruges. Vælg en anden.',
  currentPasswordWrong: 'Den nuværende adgangskode er forkert.',
  passwordTooCommon: 'Adgangskoden er for almindelig og let at gætte. Vælg en anden.',
  tooManySettings: 'Kontoen har allerede det største antal indstillinger.',
  serverSettingAdminOnly: 'Kun en administrator kan ændre denne indstilling.',
  idempotencyKeyInvalid: 'Headeren Idempotency-Key skal være på 1 til 200 tegn.',
  idempotencyKeyReused:
    'Idempotency-Key er allerede brugt til en anden indberetning. Send den nye indberetning med en ny nøgle.',
  photoNotAnImage: 'Filen er ikke et billede. Send fotoet som JPEG, PNG eller WebP.',
  photoTooLarge: `Billedet er for stort: et foto må højst fylde ${MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB og have ${MAX_PHOTO_PIXELS / 1_000_000} millioner pixel.`,
  /** `Udskriv breve` when every missing meter's resident has an e-mail (or none is missing). */
  noLettersToPrint: 'Ingen manglende målere uden e-mail i perioden: der er ingen breve at udskrive.',
  internalError: 'Der er opstået en intern fejl. Prøv igen senere.',
  appNotBuilt: 'Appen er ikke bygget endnu. Kør "npm run build".',
  /** The name an API key's imports and events are shown under (history, `Log`). */
  apiKeyUserName: (keyName: string): string => `API-nøgle: ${keyName}`,
} as const;

/** `validationError` texts for a reading whose photo is refused (issue 36); each names the point. */
export const PHOTO_READING_ERRORS = {
  photoUnknown: (pointName: string): string =>
    `Fotoet til målepunktet "${pointName}" findes ikke. Send fotoet igen, før målingen sendes.`,
  photoRequired: (pointName: string): string =>
    `Målepunktet "${pointName}" skal have et foto: kontoen kræver foto ved hver aflæsning`,
} as const;
