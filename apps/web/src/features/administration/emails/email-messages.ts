import { counted, type OutboxStatus } from '@maaler/contract';

/** The texts of `Udsendte e-mails` (ADR 037). */
export const emailMessages = {
  heading: 'Udsendte e-mails',
  intro:
    'E-mails til brugerne hos dine kunder: links til at vælge adgangskode og invitationer. Uden en mailserver bliver de her, så du kan give linket videre.',
  loading: 'Henter e-mails...',
  failed: (message: string): string => `E-mails kunne ikke hentes. Meddelelse: ${message}`,
  none: 'Der er ingen e-mails endnu.',
  count: (count: number): string => counted(count, { one: 'e-mail', other: 'e-mails' }),
  table: 'Udsendte e-mails',
  message: 'E-mail',
  status: 'Status',
  toLine: (to: string): string => `Til ${to}`,
  attempts: (count: number): string => `Forsøg: ${count}`,
  statuses: { pending: 'Venter', sent: 'Sendt', failed: 'Fejlet' } satisfies Record<OutboxStatus, string>,
  open: 'Vis',
  openLabel: (subject: string, to: string): string => `Vis ${subject} til ${to}`,
  written: (time: string): string => `Skrevet ${time}`,
  sentAt: (time: string): string => `Sendt ${time}`,
  lastError: (error: string): string => `Seneste fejl: ${error}`,
  messageFailed: (message: string): string => `E-mailen kunne ikke hentes. Meddelelse: ${message}`,
  pagination: 'Sider med e-mails',
} as const;
