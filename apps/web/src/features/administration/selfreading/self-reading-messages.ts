/** Danish texts of the office's `Selvaflæsning` section (issue 35, ADR 043). */
export const selfReadingOfficeMessages = {
  heading: 'Selvaflæsning',
  intro:
    'Beboere kan selv aflæse deres måler via et personligt link. Send invitationer til beboere med e-mail, og udskriv breve til dem uden.',
  countsHeading: 'Status for perioden',
  meters: 'Målere',
  invited: 'Inviteret',
  answered: 'Besvaret',
  reminded: 'Påmindet',
  missing: 'Mangler stadig',
  pastPeriod: 'Invitationer og breve gælder kun den igangværende periode.',
  sendHeading: 'Invitationer',
  toInvite: (count: number): string =>
    count === 1
      ? '1 beboer med e-mail mangler at aflæse og har ikke fået en invitation.'
      : `${count} beboere med e-mail mangler at aflæse og har ikke fået en invitation.`,
  send: 'Send invitationer',
  sending: 'Sender...',
  sent: (sent: number, before: number): string =>
    `${sent === 1 ? '1 invitation er sendt' : `${sent} invitationer er sendt`}. ${
      before === 1 ? '1 beboer var inviteret i forvejen' : `${before} beboere var inviteret i forvejen`
    }.`,
  sendFailed: (message: string): string => `Invitationerne kunne ikke sendes. Meddelelse: ${message}`,
  lettersHeading: 'Breve',
  withoutEmail: (count: number): string =>
    count === 1
      ? '1 måler mangler og har ingen beboer med e-mail.'
      : `${count} målere mangler og har ingen beboer med e-mail.`,
  lettersNote: 'Hvert brev får et nyt link og en ny kode; breve udskrevet før virker stadig.',
  printLetters: 'Udskriv breve',
  printing: 'Henter PDF...',
  printFailed: (message: string): string => `PDF'en kunne ikke hentes. Meddelelse: ${message}`,
  noAccessHeading: 'Ingen adgang',
  noAccessIntro:
    'Målere sprunget over med Ingen adgang i perioden. Udskriv et kort, beboeren kan aflæse med.',
  noAccessNone: 'Ingen målere er sprunget over med Ingen adgang i perioden.',
  location: 'Lokation',
  meter: 'Måler',
  serial: 'Serienr.',
  email: 'E-mail',
  hasEmail: 'Ja',
  noEmail: 'Nej',
  printCard: 'Udskriv kort',
  printCardFor: (meter: string): string => `Udskriv kort til ${meter}`,
} as const;
