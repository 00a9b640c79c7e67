/**
 * Danish texts the sync of kept readings shows only now and then; loaded with the sync, not with the
 * home screen.
 */
export const syncMessages = {
  /** A kept SEND the server refused (ADR 054): it stays under `Afventer afsendelse` to correct or delete. */
  readingRefused: (meter: string, message: string): string =>
    `Målingen for ${meter} blev ikke gemt. Meddelelse: ${message}. Ret eller slet den under Afventer afsendelse.`,
} as const;
