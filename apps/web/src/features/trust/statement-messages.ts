/**
 * The accessibility statement (issue 39), laid out as the EU's model statement and Digitaliseringsstyrelsen's
 * WAS-Tool ask: status, what is not accessible, how it was assessed, feedback and contact, enforcement.
 * `lastTested` and `knownGaps` are revised with each test round (docs/accessibility.md).
 */
export const statementMessages = {
  title: 'Tilgængelighedserklæring',
  /** `operator` null: the operator set no name. */
  intro: (operator: string | null): string =>
    `${operator ?? 'Vi'} ønsker at gøre Måleraflæsning tilgængelig for alle i overensstemmelse med lov om tilgængelighed af offentlige organers websteder og mobilapplikationer (webtilgængelighedsloven). Erklæringen gælder for Måleraflæsning på denne adresse.`,

  statusHeading: 'Overholdelsesstatus',
  status:
    'Måleraflæsning overholder delvist WCAG 2.1 på niveau AA (den harmoniserede standard EN 301 549). Det skyldes de kendte mangler nedenfor.',

  gapsHeading: 'Kendte mangler',
  gapsIntro: 'Følgende indhold er ikke fuldt tilgængeligt:',
  knownGaps: [
    'Kvitteringer som "Måling er nu registreret" forsvinder efter 4 sekunder, og tiden kan ikke forlænges. De læses op af skærmlæsere, når de vises (WCAG 2.2.1).',
    'I "Find måler" kræver scanning af målerens stregkode eller QR-kode med kameraet, at man kan se og sigte med telefonen. Serienummeret kan altid skrives i feltet i stedet.',
    'Søjlediagrammet over forbruget i "Historik" er ét billede med en opsummering for skærmlæsere. Den enkelte søjles værdi vises kun, når musen holdes over søjlen; alle tal står i tabellen under diagrammet.',
    'Eksportfiler og importskabeloner (CSV og Excel) er ikke vurderet for tilgængelighed.',
    'Løsningen er ikke testet med skærmlæsere (fx VoiceOver, TalkBack eller NVDA) eller af brugere med handicap. Erklæringen bygger på de automatiske test og tastaturtest, der er beskrevet nedenfor.',
  ],

  methodHeading: 'Sådan er løsningen testet',
  methodIntro:
    'Erklæringen bygger på en selvevaluering. Ved hver ændring af koden testes løsningen automatisk:',
  method: [
    'Hver skærm og hver tilstand, fx fejl i en formular, åbne dialoger, ruten og administrationens afsnit, kontrolleres med værktøjet axe-core mod WCAG 2.1 niveau A og AA i browseren Chromium.',
    'Skærmene testes i bredderne 375 px (mobiltelefon) og 1280 px (computer), på telefonen også med åbent skærmtastatur.',
    'Skærmene kontrolleres også med enhedens mørke tema, så kontrasten holder i begge farvetemaer.',
    'Login, indberetning af målinger, ruten og administrationen gennemføres kun med tastaturet.',
    'Knapper og felter er mindst 44 × 44 px, så de er nemme at ramme på en telefon.',
  ],
  lastTested: (date: string): string => `Erklæringen blev udarbejdet og løsningen senest testet den ${date}.`,
  lastTestedDate: '27. november 2026',

  contactHeading: 'Feedback og kontakt',
  contactIntro: (operator: string | null): string =>
    `Oplever du problemer med tilgængeligheden, eller har du brug for indholdet i en anden form, kan du kontakte ${operator ?? 'os'}.`,

  enforcementHeading: 'Håndhævelse',
  enforcement:
    'Digitaliseringsstyrelsen fører tilsyn med webtilgængelighedsloven. Du kan klage til Digitaliseringsstyrelsen, hvis du mener, at løsningen ikke er tilgængelig, eller hvis du ikke er tilfreds med svaret på din henvendelse.',
  enforcementLink: 'Digitaliseringsstyrelsen om webtilgængelighed',
  enforcementUrl: 'https://digst.dk/digital-inklusion/webtilgaengelighed/',
} as const;
