/** Danish texts of 'Til kontrol' and its `Ret` dialog. */
export const reviewMessages = {
  heading: 'Til kontrol',
  reviewIntro:
    'Aflæsninger, som plausibilitetskontrollen advarede om, da de blev gemt. Ret værdien, eller godkend den.',
  reviewTable: 'Aflæsninger til kontrol',
  nothingToReview: 'Der er ingen aflæsninger til kontrol.',
  value: 'Værdi',
  date: 'Dato',
  registeredBy: 'Indberettet af',
  warnings: 'Advarsel',
  approve: 'Godkend',
  approveLabel: (meter: string, point: string, date: string): string => `Godkend ${meter}, ${point}, ${date}`,
  approved: (meter: string, point: string): string => `Godkendt: ${meter}, ${point}`,
  approveFailed: (message: string): string => `Aflæsningen kunne ikke godkendes. Meddelelse: ${message}`,
  correct: 'Ret',
  correctLabel: (meter: string, point: string, date: string): string => `Ret ${meter}, ${point}, ${date}`,
  correctTitle: (meter: string, point: string): string => `Ret ${meter}, ${point}`,
  correctValue: (unit: string): string => (unit ? `Korrekt værdi (${unit})` : 'Korrekt værdi'),
  correctHint: 'Rettelsen gemmes som en ny værdi i historikken, og aflæsningen er derefter godkendt.',
  saveCorrection: 'Gem rettelse',
  savingCorrection: 'Gemmer...',
  corrected: 'Rettet og godkendt',
  meter: 'Måler',
  point: 'Målepunkt',
  cancel: 'Annuller',
  photoAlt: (meter: string, point: string, date: string): string => `Foto af ${meter}, ${point}, ${date}`,
  /** Issue 38 (ADR 050): control readings that deviate from the remote value of their day. */
  controlsHeading: 'Kontrolaflæsninger til kontrol',
  controlsIntro:
    'Kontrolaflæsninger på fjernaflæste målere, der afviger fra dagens fjernaflæste værdi med mere end tolerancen. En kontrolaflæsning faktureres ikke; godkend den, når afvigelsen er set.',
  controlsTable: 'Kontrolaflæsninger til kontrol',
  deviation: 'Afvigelse',
  controlValue: (value: string): string => `Kontrol: ${value}`,
  remoteValue: (value: string): string => `Fjernaflæst: ${value}`,
  difference: (value: string): string => `Forskel: ${value}`,
  controlBy: (name: string): string => `af ${name}`,
  /** A difference in comma form, with a sign: `+5,26`, `−20`. */
  signed: (difference: string): string =>
    difference.startsWith('-') ? `−${difference.slice(1)}` : difference === '0' ? '0' : `+${difference}`,
  approveControlLabel: (meter: string, point: string, date: string): string =>
    `Godkend kontrol ${meter}, ${point}, ${date}`,
  approveControlFailed: (message: string): string =>
    `Kontrolaflæsningen kunne ikke godkendes. Meddelelse: ${message}`,
} as const;
