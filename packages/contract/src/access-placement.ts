import { z } from 'zod/mini';
import { MAX_ACCESS_NOTE_LENGTH, MAX_PLACEMENT_LENGTH } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters } from './fields.ts';

// Issue 37 (ADR 047): `Adgang` and `Placering` of a location or a meter, typed by the office, read in the field.

export const ACCESS_PLACEMENT_ERRORS = {
  accessTooLong: `Adgang må højst være på ${MAX_ACCESS_NOTE_LENGTH} tegn`,
  placementTooLong: `Placering må højst være på ${MAX_PLACEMENT_LENGTH} tegn`,
} as const;

/** How to get in, e.g. "Nøgle hos viceværten, tlf. …"; trimmed, '' clears it. */
export const AccessNoteField = z
  .string({ error: ACCESS_PLACEMENT_ERRORS.accessTooLong })
  .check(
    z.trim(),
    z.maxLength(MAX_ACCESS_NOTE_LENGTH, { error: ACCESS_PLACEMENT_ERRORS.accessTooLong }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );

/** Where it is, e.g. "Kælder, bag trappen"; trimmed, '' clears it. */
export const PlacementField = z
  .string({ error: ACCESS_PLACEMENT_ERRORS.placementTooLong })
  .check(
    z.trim(),
    z.maxLength(MAX_PLACEMENT_LENGTH, { error: ACCESS_PLACEMENT_ERRORS.placementTooLong }),
    z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
  );
