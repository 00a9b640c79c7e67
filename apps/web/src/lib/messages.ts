import { ApiError } from './http/api-error';

/** Danish texts shared by several screens. */
export const commonMessages = {
  appName: 'Måleraflæsning',
  genericError: 'Der er desværre opstået en fejl.',
  reload: 'Genindlæs siden',
  close: 'Luk',
  signOut: 'Log ud',
  loading: 'Henter...',
  /** A call failed without a message from the server (no connection, unexpected answer). */
  noConnection: 'Der kunne ikke skabes forbindelse til serveren. Prøv igen.',
} as const;

/** The server's message of a failed call, or the generic text when it sent none. */
export function errorMessage(error: unknown): string {
  return (error instanceof ApiError ? error.serverMessage : undefined) ?? commonMessages.noConnection;
}
