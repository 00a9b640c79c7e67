import { counted, type NounForms } from '@maaler/contract';

/** What the counted texts of kept readings count. */
export const READINGS: NounForms = { one: 'måling', other: 'målinger' };

/**
 * Danish texts of readings kept on the device while there is no connection (issue 16), as the home
 * screen shows them; the dialogs' texts are in dialog-messages.ts, loaded with the dialogs.
 */
export const offlineReadingsMessages = {
  offline: 'Ingen forbindelse – målinger gemmes på enheden',
  waiting: (count: number): string => `Afventer afsendelse: ${count}`,
  /** The text, `1 måling er sendt` / `{n} målinger er sendt`. */
  sent: (count: number): string => `${counted(count, READINGS)} er sendt`,
  /** Kept `Ingen adgang` skips whose resident got the self-reading link when they were sent (ADR 044). */
  residentLinkSent: (meters: string[]): string => `Link sendt til beboeren: ${meters.join(', ')}`,
  skipRefused: (meter: string, message: string): string =>
    `Spring over for ${meter} blev ikke gemt. Meddelelse: ${message}`,
} as const;
