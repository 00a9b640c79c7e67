import { SELF_READING_MESSAGES } from '@maaler/contract';

/** The texts of the resident's self-reading page (issue 35, ADR 039). */
export const selfReadingMessages = {
  title: 'Aflæsning',
  heading: 'Aflæs din måler',
  serial: SELF_READING_MESSAGES.serial,
  pointLabel: (name: string, unit: string): string => (unit ? `${name} (${unit})` : name),
  send: 'SEND',
  sending: 'Sender...',
  loading: 'Henter...',
  received: SELF_READING_MESSAGES.received,
  correctUntil: SELF_READING_MESSAGES.correctUntil,
  linkInvalid: 'Linket er ugyldigt eller udløbet. Kontakt den, der har sendt dig linket.',
  codeIntro: 'Har du fået et brev? Skriv koden fra brevet for at aflæse din måler.',
  codeLabel: 'Kode',
  codeHint: 'Koden står i brevet, fx ABCD-EFGH-JK',
  codeInvalid: 'Skriv koden, som den står i brevet: 10 tegn, fx ABCD-EFGH-JK',
  codeRefused: 'Koden er forkert eller udløbet. Kontrollér den, og prøv igen.',
  openCode: 'Åbn',
  opening: 'Åbner...',
  valueRequired: 'Skriv en aflæsning i hvert felt',
  notSent: (message: string): string => `Aflæsningen er ikke sendt. Fejl: ${message}`,
} as const;
