/** The Danish texts of the e-mails the server sends, in one place for review. */
export const mailTexts = {
  reset: {
    subject: 'Vælg en ny adgangskode til Måleraflæsning',
    greeting: (name: string) => `Hej ${name}`,
    intro: 'Vi har fået en anmodning om at nulstille adgangskoden til din bruger i Måleraflæsning.',
    linkLabel: 'Vælg en ny adgangskode',
    validity: 'Linket virker i en time og kan kun bruges én gang.',
    ignore: 'Har du ikke bedt om det, kan du se bort fra denne e-mail. Din adgangskode er ikke ændret.',
  },
  invitation: {
    subject: 'Du er oprettet som bruger i Måleraflæsning',
    greeting: (name: string) => `Hej ${name}`,
    intro:
      'En administrator har oprettet dig som bruger i Måleraflæsning. Vælg din adgangskode for at komme i gang.',
    linkLabel: 'Vælg din adgangskode',
    validity: (days: number) => `Linket virker i ${days} dage og kan kun bruges én gang.`,
    ignore: 'Kender du ikke til det, kan du se bort fra denne e-mail.',
  },
  selfReadingReceipt: {
    subject: 'Din aflæsning er modtaget',
    received: 'Tak – din aflæsning er modtaget.',
    meter: (meterName: string, serial: string) => `Måler: ${meterName}, serienr. ${serial}`,
    value: (point: string, value: string, unit: string) => `${point}: ${value} ${unit}`.trimEnd(),
    linkLabel: 'Se eller ret aflæsningen',
    correctUntil: (date: string) => `Du kan rette aflæsningen indtil ${date}.`,
  },
  selfReadingInvitation: {
    subject: 'Aflæs din måler',
    greeting: (name: string) => (name === '' ? 'Hej' : `Hej ${name}`),
    intro:
      'Vi beder dig aflæse din måler og indberette tallet selv. Det tager kun et øjeblik, og du behøver ikke logge ind.',
    meter: (meterName: string, serial: string) => `Måler: ${meterName}, serienr. ${serial}`,
    address: (address: string) => `Adresse: ${address}`,
    linkLabel: 'Indberet din aflæsning',
    deadline: (date: string) => `Indberet senest ${date}. Indtil da kan du også rette tallet.`,
    personal: 'Linket er personligt og gælder kun denne måler. Del det ikke med andre.',
  },
  selfReadingReminder: {
    subject: 'Påmindelse: aflæs din måler',
    greeting: (name: string) => (name ? `Hej ${name}` : 'Hej'),
    intro: (date: string) => `Vi mangler stadig din aflæsning af måleren. Husk at aflæse den senest ${date}.`,
    meter: (meterName: string, serial: string) => `Måler: ${meterName}, serienr. ${serial}`,
    linkLabel: 'Aflæs måleren',
    howTo:
      'Linket åbner en side, hvor du skriver tallene fra måleren og trykker SEND. Du skal ikke logge ind.',
    ignore: 'Har du allerede sendt aflæsningen, kan du se bort fra denne e-mail.',
  },
} as const;
