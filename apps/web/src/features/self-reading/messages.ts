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
  missingLink: 'Linket er ufuldstændigt. Åbn det igen fra brevet eller e-mailen.',
  valueRequired: 'Skriv en aflæsning i hvert felt',
  notSent: (message: string): string => `Aflæsningen er ikke sendt. Fejl: ${message}`,
} as const;
