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
  internalError: 'Der er opstået en intern fejl. Prøv igen senere.',
  appNotBuilt: 'Appen er ikke bygget endnu. Kør "npm run build".',
} as const;
