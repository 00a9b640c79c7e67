/** The Danish texts of the printed route (`Udskriv rute`, issue 37), in one place for review. */
export const routePrintTexts = {
  title: (accountName: string) => `Aflæsningsrute – ${accountName}`,
  period: (from: string, to: string) => `Periode: ${from} – ${to}`,
  printed: (date: string) => `Udskrevet ${date}`,
  headings: {
    order: 'Nr.',
    location: 'Lokation',
    meter: 'Måler',
    serial: 'Serienr.',
    placement: 'Placering',
    access: 'Adgang',
    lastValue: 'Sidste værdi',
    blank: 'Aflæst værdi',
  },
  noReading: 'ingen måling',
  emptyRoute: 'Kontoen har ingen målere, der aflæses manuelt.',
  page: (page: number, pages: number) => `Side ${page} af ${pages}`,
  fileName: 'aflaesningsrute.pdf',
} as const;
