/**
 * Danish texts the accessibility statement and the privacy page share (ADR 038); each page's own
 * texts are in statement-messages.ts and privacy-messages.ts.
 */
export const trustMessages = {
  backToApp: 'Til Måleraflæsning',
  loadingContact: 'Henter kontaktoplysninger...',
  /** When the operator set no contact, or it could not be fetched. */
  noContact: 'Kontakt den organisation, der har givet dig adgang til Måleraflæsning.',
  contactFailed: 'Kontaktoplysningerne kunne ikke hentes lige nu.',
  write: 'Skriv til',
  call: 'Ring på',
} as const;
