import type { FieldNotes } from '@maaler/contract';

/** A location or meter as the form and the route know it: its notes and, for a location, its address. */
export type NotesOf = FieldNotes & { Address?: string | undefined };

/** Both the location's and the meter's note, location first, joined; null when neither has one. */
export function combinedNote(
  location: NotesOf | undefined,
  meter: NotesOf | undefined,
  key: keyof FieldNotes,
): string | null {
  const parts = [location?.[key], meter?.[key]].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? null : parts.join(' – ');
}

/**
 * A link that opens the phone's map app at the address (a maps URL: on a phone the map app takes it,
 * nothing is loaded into this app).
 */
export const mapLinkOf = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
