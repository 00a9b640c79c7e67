import type { AboutResponse } from '@maaler/contract';

type RetentionPeriods = AboutResponse['retention'];

/**
 * `1 dag`, `90 dage`: Intl's Danish unit names, with the same plural rules as the contract's `counted`.
 * Importing `counted` here would split plural.ts into a chunk of its own that /home then preloads too.
 */
const dayUnit = new Intl.NumberFormat('da', { style: 'unit', unit: 'day', unitDisplay: 'long' });
const days = (n: number): string => dayUnit.format(n);

/**
 * The privacy page (issue 39): what is stored, why, how long, who sees it. "How long" states the periods
 * the retention job (ADR 042) is configured with, from GET /api/about.
 */
export const privacyMessages = {
  title: 'Privatlivspolitik',
  intro:
    'Her kan du læse, hvilke oplysninger Måleraflæsning gemmer om dig, hvorfor, hvor længe, og hvem der kan se dem.',

  controllerHeading: 'Dataansvarlig',
  /** `operator` null: the operator set no name. */
  controller: (operator: string | null): string =>
    operator === null
      ? 'Den dataansvarlige er den organisation, der har givet dig adgang til Måleraflæsning.'
      : `Den dataansvarlige for Måleraflæsning er ${operator}.`,

  storedHeading: 'Hvad gemmes, og hvorfor',
  stored: [
    {
      what: 'Om dig som bruger',
      text: 'Navn, e-mailadresse, rolle og de kunder og konti, du har adgang til. Din adgangskode gemmes kun som en envejs-hash, aldrig som selve koden.',
      why: 'Så du kan logge ind og kun ser de konti, du har adgang til.',
    },
    {
      what: 'Målinger',
      text: 'Værdi og dato, hvem der har indberettet målingen og hvornår, hvordan den kom ind (fx web, uden forbindelse eller import) og enhver rettelse med gammel og ny værdi, hvem og hvornår.',
      why: 'Til afregning af forbruget og for at kunne dokumentere hver ændring.',
    },
    {
      what: 'Fotos og bemærkninger',
      text: 'Et foto af måleren og en bemærkning, når den, der aflæser, tager dem med en måling. Fotoet gøres mindre og gemmes uden oplysninger om sted og kamera.',
      why: 'Som bevis for aflæsningen, hvis forbruget senere skal dokumenteres.',
    },
    {
      what: 'Beboere',
      text: 'Navn, e-mailadresse og telefon på beboeren ved en måler, hvis administrationen har dem, og de links til selvaflæsning og påmindelser, der er sendt.',
      why: 'Så beboeren selv kan aflæse sin måler. Oplysningerne fjernes, når beboeren flytter.',
    },
    {
      what: 'Målere, der er sprunget over',
      text: 'Måler, årsag, en eventuel bemærkning, hvem og hvornår.',
      why: 'Så ruten og administrationen ved, hvorfor en måler ikke er aflæst.',
    },
    {
      what: 'Sikkerhedshændelser',
      text: 'Logins og logud, mislykkede loginforsøg med e-mailadresse og IP-adresse, skift af adgangskode, nøgler til login uden forbindelse, afviste forsøg på at nå data uden adgang og administratorers handlinger, fx ændringer af brugere, import, eksport og godkendelser.',
      why: 'For at beskytte kontoen mod gæt på adgangskoden og for at kunne opklare misbrug.',
    },
    {
      what: 'På din telefon eller computer',
      text: 'Din session, kopier af dine konti, målere og historik og målinger, der venter på at blive sendt. Har du valgt "Husk mig", også din e-mailadresse og en nøgle til login uden forbindelse, krypteret med en nøgle, der er afledt af din adgangskode.',
      why: 'Så appen virker og gemmer dine målinger, også når der ikke er forbindelse.',
    },
  ],
  whyLabel: 'Hvorfor:',

  retentionHeading: 'Hvor længe',
  /** `periods` null: GET /api/about has not answered (yet), so no period is named. */
  retention: (periods: RetentionPeriods | null): string[] => [
    'Brugere gemmes, indtil en administrator eller den dataansvarlige sletter dem. En deaktiveret bruger kan ikke logge ind.',
    periods === null
      ? 'Oplysningerne slettes automatisk, når de perioder, den dataansvarlige har fastsat, er gået.'
      : `Målinger, rettelser, overspringninger og administratorers handlinger i loggen gemmes i ${periods.readingsYears} år efter udgangen af det kalenderår, de hører til, som bogføringsloven kræver, og slettes derefter automatisk.`,
    ...(periods === null
      ? []
      : [
          `Logins, logud og login uden forbindelse i loggen slettes efter ${days(periods.loginEventsDays)}.`,
          `${days(periods.disabledUserDays)} efter at en bruger er deaktiveret, slettes brugerens navn, e-mailadresse, adgangskode og nøgler. Brugerens målinger bliver og viser "Tidligere bruger".`,
          `Sendte e-mails gemmes i ${days(periods.outboxDays)}.`,
          `Et selvaflæsningslink slettes ${days(periods.selfReadingLinkDays)} efter sin frist. De aflæsninger, der er sendt med det, bliver.`,
          `Fotos af målere slettes ${days(periods.photoDays)} efter, at de er taget. Bemærkningen til målingen bliver.`,
        ]),
    'Et login varer højst 24 timer, medmindre den dataansvarlige har valgt en anden tid. Nøgler til login uden forbindelse gælder højst lige så længe og tilbagekaldes, når du logger ud, skifter adgangskode eller bliver deaktiveret.',
    'Mislykkede loginforsøg tælles kun i et kort tidsrum (som standard 15 minutter) og slettes derefter.',
    'Serverens log med sikkerhedshændelser gemmes, så længe den dataansvarlige gemmer sin log.',
    'På din enhed slettes kopierne af kontodata, når du logger ud. Målinger, der ikke er sendt, bliver, indtil de er sendt, eller du vælger at slette dem.',
  ],

  audienceHeading: 'Hvem kan se oplysningerne',
  audience: [
    'Du selv og de andre brugere med adgang til samme konto kan se kontoens målere og målinger. En beboer ser "Personale" i stedet for navnet på den medarbejder, der har registreret en måling.',
    'Administratorer kan se brugere (navn, e-mail og rolle) og målinger hos de kunder, de administrerer, også hvem der har registreret og rettet dem.',
    'Den dataansvarlige, der driver løsningen, har teknisk adgang til databasen og serverens log.',
    'Måleraflæsning bruger ingen cookies til sporing eller statistik. Den eneste cookie beskytter mod forfalskede anmodninger.',
  ],

  contactHeading: 'Kontakt og dine rettigheder',
  rights:
    'Du har ret til indsigt i de oplysninger, der er gemt om dig, og til at få forkerte oplysninger rettet eller slettet. Kontakt den dataansvarlige. Du kan klage til Datatilsynet.',
  myData: 'Når du er logget ind, kan du selv hente dine oplysninger under Mine data nederst på siden.',
} as const;
