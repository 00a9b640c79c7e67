import { MAX_READING_NOTE_LENGTH } from '@maaler/contract';

/** Danish texts of the form's `Tag foto` and `Bemærkning` (issue 36). */
export const photoMessages = {
  takePhoto: 'Tag foto',
  retakePhoto: 'Tag nyt foto',
  removePhoto: 'Fjern foto',
  shrinking: 'Gør fotoet klar...',
  thumbnail: 'Fotoet, der sendes med målingen',
  photoUnreadable: 'Fotoet kunne ikke læses. Tag det igen, eller vælg et andet billede.',
  photoRequired: 'Tag et foto af måleren. Foto er påkrævet på denne konto.',
  photoRequiredSetting: 'Foto påkrævet',
  partTitle: 'Foto og bemærkning',
  note: 'Bemærkning',
  /** Beside the note once one is typed (issue 37): the office gets a task for the meter. */
  followUp: 'Kræver opfølgning',
  noteCounter: (length: number): string => `${length} af ${MAX_READING_NOTE_LENGTH} tegn`,
  noteTooLong: `Bemærkningen må højst være ${MAX_READING_NOTE_LENGTH} tegn`,
} as const;
