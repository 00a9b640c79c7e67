/** `Mine data` (issue 39, ADR 040): a signed-in person downloads what the app keeps about them. */
export const myDataMessages = {
  title: 'Mine data',
  intro:
    'Her kan du hente de oplysninger, Måleraflæsning har gemt om dig: din profil, de aflæsninger du har registreret eller godkendt, dine rettelser, målere du har sprunget over med dine bemærkninger, enheder til login uden forbindelse og de e-mails, der er sendt til dig.',
  formats:
    'JSON-filen rummer det hele. CSV-filen rummer dine aflæsninger og kan åbnes i et regneark som Excel.',
  downloadJson: 'Hent som JSON',
  downloadCsv: 'Hent aflæsninger som CSV',
  downloading: 'Henter...',
  failed: (reason: string) => `Filen kunne ikke hentes: ${reason}`,
} as const;
