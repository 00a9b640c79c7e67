/** Danish texts of a stored reading's photo and note (issue 36), in the history and `Til kontrol`. */
export const evidenceMessages = {
  /** The history's and `Til kontrol`'s mark: `Foto` with a photo, else `Bemærkning`. */
  photoMark: 'Foto',
  noteMark: 'Bemærkning',
  hasPhoto: 'Med foto',
  hasNote: 'Med bemærkning',
  openEvidence: (date: string): string => `Vis foto og bemærkning for ${date}`,
  dialogTitle: 'Foto og bemærkning',
  largePhoto: (date: string, by: string): string => `Foto af måleren ${date}, taget af ${by}`,
  takenBy: (date: string, by: string): string => `${date} · ${by}`,
  note: 'Bemærkning',
  noPhoto: 'Ingen foto til denne måling.',
  loadingPhoto: 'Henter foto...',
  photoFailed: (message: string): string => `Fotoet kunne ikke hentes: ${message}`,
} as const;
