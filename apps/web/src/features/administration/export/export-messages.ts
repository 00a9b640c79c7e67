/** Danish texts of 'Eksport'. */
export const exportMessages = {
  heading: 'Eksport',
  exportIntro: 'Periodens aflæsninger til afregning.',
  downloadCsv: 'Hent CSV',
  downloadExcel: 'Hent Excel',
  monthsHeading: 'Forbrug pr. måned',
  monthsIntro:
    'Hvert målepunkts forbrug i periodens måneder. Forbruget mellem to aflæsninger fordeles ligeligt på dagene imellem.',
  downloadMonthsCsv: 'Hent forbrug pr. måned som CSV',
  downloadMonthsExcel: 'Hent forbrug pr. måned som Excel',
  downloading: 'Henter fil...',
  downloadFailed: (message: string): string => `Filen kunne ikke hentes. Meddelelse: ${message}`,
} as const;
