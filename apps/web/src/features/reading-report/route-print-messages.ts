/** Danish texts of `Udskriv rute` (issue 37), loaded with the route dialog, not on the first load. */
export const routePrintMessages = {
  print: 'Udskriv rute',
  printing: 'Henter ruten som PDF...',
  printed: 'Ruten er hentet som PDF.',
  failed: (message: string): string => `Ruten kunne ikke udskrives. Meddelelse: ${message}`,
  /** Used when the server's answer names no file. */
  fileName: 'aflaesningsrute.pdf',
} as const;
