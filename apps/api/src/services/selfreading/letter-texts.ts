/** The Danish texts of the printed self-reading letter and card (ADR 043), in one place for review. */
export const letterTexts = {
  title: 'Aflæs din måler',
  recipient: 'Til beboeren',
  intro:
    'Vi beder dig aflæse din måler og indberette tallet selv. Det tager kun et øjeblik, og du behøver ikke logge ind.',
  meter: 'Måler',
  serial: 'Serienr.',
  address: 'Adresse',
  location: 'Lokation',
  deadline: 'Frist',
  scan: 'Scan koden med mobilens kamera',
  typeCode: (entryUrl: string) => `Eller gå til ${entryUrl} og skriv koden:`,
  correct: 'Du kan rette tallet indtil fristen med samme kode.',
  personal: 'Koden er personlig og gælder kun denne måler i denne periode.',
  documentTitle: 'Selvaflæsning – breve',
} as const;
