import {
  MAX_ESTIMATES_IN_A_ROW,
  MAX_READING_FRACTION_DIGITS,
  MAX_READING_INTEGER_DIGITS,
  MAX_READING_NOTE_LENGTH,
  MAX_READINGS_PER_BATCH,
  MAX_SERIAL_LENGTH,
  MAX_SETTING_KEY_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_READING_DATE,
} from './constants.ts';
import { toDanishDate } from './dates.ts';

export const READING_VALUE_RULE = `et tal med højst ${MAX_READING_INTEGER_DIGITS} cifre før og ${MAX_READING_FRACTION_DIGITS} cifre efter decimaltegnet (komma eller punktum)`;

/** Danish texts shown to users; the schemas use them as zod issue messages. */
export const MESSAGES = {
  requestInvalid: 'Ugyldig forespørgsel',
  loginFailed: 'Forkert e-mail eller adgangskode',

  emailRequired: 'E-mail skal udfyldes',
  emailInvalid: 'Ugyldig e-mailadresse',
  emailTooLong: 'E-mailadressen er for lang',
  passwordRequired: 'Adgangskode skal udfyldes',
  passwordRule: `Adgangskoden skal være på mindst ${MIN_PASSWORD_LENGTH} tegn og kun bestå af bogstaver (a-z), tal og _`,
  passwordTooLong: 'Adgangskoden er for lang',
  passwordRepeatRequired: 'Gentag adgangskoden',
  passwordMismatch: 'Adgangskoderne er ikke ens',
  currentPasswordTooLong: 'Den nuværende adgangskode er for lang',
  remembermeInvalid: "'Husk mig' skal være sand eller falsk",
  areaInvalid: 'Ugyldigt område',

  nameRequired: 'Navn skal udfyldes',
  nameTooLong: 'Navnet er for langt',
  addressRequired: 'Adresse skal udfyldes',
  postalRequired: 'Postnummer skal udfyldes',
  townRequired: 'By skal udfyldes',
  textTooLong: 'Teksten er for lang',
  textControlCharacters:
    'Teksten indeholder ugyldige tegn (styretegn eller tegn, der vender skriveretningen)',

  idInvalid: 'Ugyldigt id',
  accountInvalid: 'Ugyldig konto',
  customerInvalid: 'Ugyldig kunde',
  userInvalid: 'Ugyldig bruger',
  customerListInvalid: 'Ugyldig kundeliste',
  settingKeyRequired: 'Indstillingens navn skal udfyldes',
  settingKeyInvalid: `Indstillingens navn må kun bestå af bogstaver (a-z), tal, punktum, bindestreg og _ og højst være på ${MAX_SETTING_KEY_LENGTH} tegn`,
  settingValueInvalid: 'Indstillingens værdi skal være en tekst',
  readingPeriodInvalid:
    'Aflæsningsperioden skal være monthly (hver måned), quarterly (hvert kvartal) eller yearly (hvert år)',

  gatewayInvalid: 'Ugyldig lokation',
  deviceInvalid: 'Ugyldig måler',
  deviceItemInvalid: 'Ugyldigt målepunkt',
  deviceTypeInvalid: 'Ugyldig målertype',
  manualFlagInvalid: 'Ugyldig værdi: brug 1 for manuelt aflæste og 0 for automatisk aflæste målere',

  dateRequired: 'Dato skal udfyldes',
  dateInvalid: 'Ugyldig dato',
  readingValueRequired: 'Måling skal udfyldes',
  readingValueInvalid: `Målingen skal være ${READING_VALUE_RULE}`,
  plausibilityOverrideInvalid: 'Ugyldig markering af bekræftet måling',
  readingSourceInvalid: 'Ugyldig kilde for målingen',
  readingReasonInvalid: 'Ugyldig årsag til målingen',
  enteredAtInvalid: 'Ugyldigt tidspunkt for indtastningen',
  readingNoteInvalid: `Bemærkningen må højst være på ${MAX_READING_NOTE_LENGTH} tegn`,
  photoIdInvalid: 'Ugyldigt foto-id',
  photoRequiredSettingInvalid: 'Foto påkrævet skal være true eller false',
  controlToleranceInvalid:
    'Tolerancen for kontrolaflæsninger skal være en procentsats over 0 og højst 10, fx 0.5',
  estimatesInARowInvalid: `Antal estimater i træk skal være et helt tal fra 1 til ${MAX_ESTIMATES_IN_A_ROW}`,
  readingsEmpty: 'Der skal indberettes mindst én måling',
  readingsTooMany: `Der kan højst indberettes ${MAX_READINGS_PER_BATCH} målinger ad gangen`,

  skipReasonInvalid: 'Vælg en årsag: Ingen adgang, Måler defekt, Måler ikke fundet eller Andet',
  skipNoteInvalid: 'Bemærkningen skal være en tekst',
  skipNoteRequired: 'Skriv en bemærkning, når årsagen er "Andet"',
  serialInvalid: `Serienummeret skal udfyldes og må højst være på ${MAX_SERIAL_LENGTH} tegn`,

  periodDateInvalid: 'Datoen skal være en dag i perioden skrevet som ÅÅÅÅ-MM-DD',
  periodDateOutOfRange: `Datoen skal ligge fra ${toDanishDate(MIN_READING_DATE)} til i dag`,
  exportFormatInvalid: 'Formatet skal være csv eller xlsx',
  readingIdInvalid: 'Angiv målingen som et helt tal',
  readingIdsInvalid: `Angiv fra 1 til ${MAX_READINGS_PER_BATCH} målinger (id'er som hele tal)`,
  controlReadingIdsInvalid: `Angiv fra 1 til ${MAX_READINGS_PER_BATCH} kontrolaflæsninger (id'er som hele tal)`,
} as const;

/** The meter history's request (ADR 053); apart from MESSAGES, so the app's first load does not carry it. */
export const HISTORY_ERRORS = {
  beforeInvalid: 'Ældre målinger hentes før en dato skrevet som ÅÅÅÅ-MM-DD',
} as const;

/**
 * `validationError` texts for a rejected reading batch (HTTP 406); each names the field and the
 * measurement point, as the API contract requires.
 */
export const READING_ERRORS = {
  unknownDeviceItem: (deviceItemId: number): string =>
    `Målepunkt ${deviceItemId} findes ikke på den valgte måler og lokation`,
  dateInvalid: (pointName: string): string =>
    `Dato for målepunktet "${pointName}" er ugyldig (forventet MM/DD/ÅÅÅÅ)`,
  dateTooEarly: (pointName: string): string =>
    `Dato for målepunktet "${pointName}" må ikke være før ${toDanishDate(MIN_READING_DATE)}`,
  dateInFuture: (pointName: string): string =>
    `Dato for målepunktet "${pointName}" må ikke være efter dags dato`,
  valueInvalid: (pointName: string): string =>
    `Værdi for målepunktet "${pointName}" skal være ${READING_VALUE_RULE}`,
  duplicate: (pointName: string): string =>
    `Målepunktet "${pointName}" er angivet flere gange for samme dato`,
  sourceInvalid: (pointName: string): string =>
    `Kilde for målepunktet "${pointName}" skal være web eller offline`,
  reasonInvalid: (pointName: string): string =>
    `Årsag for målepunktet "${pointName}" skal være Periodisk, Kontrol, Fraflytning eller Indflytning`,
  enteredAtRequired: (pointName: string): string =>
    `Tidspunkt for indtastningen af målepunktet "${pointName}" skal udfyldes, når kilden er offline`,
  enteredAtNotAllowed: (pointName: string): string =>
    `Tidspunkt for indtastningen af målepunktet "${pointName}" må kun angives, når kilden er offline`,
  enteredAtInvalid: (pointName: string): string =>
    `Tidspunkt for indtastningen af målepunktet "${pointName}" er ugyldigt (forventet ISO 8601, fx 2026-11-23T14:05:00Z)`,
  enteredAtTooEarly: (pointName: string): string =>
    `Tidspunkt for indtastningen af målepunktet "${pointName}" må ikke være før ${toDanishDate(MIN_READING_DATE)}`,
  enteredAtInFuture: (pointName: string): string =>
    `Tidspunkt for indtastningen af målepunktet "${pointName}" må ikke være efter nu`,
  meterRetired: (pointName: string): string =>
    `Målepunktet "${pointName}" sidder på en måler, der er skiftet ud; den kan ikke få nye aflæsninger`,
  beforeMeterInstalled: (pointName: string, installedOn: string): string =>
    `Dato for målepunktet "${pointName}" må ikke være før målerskiftet ${toDanishDate(installedOn)}`,
} as const;
