import { counted } from '@maaler/contract';

/** The texts of `API-nøgler` (issue 38, ADR 051). */
export const apiKeyMessages = {
  heading: 'API-nøgler',
  intro:
    'En API-nøgle lader en kundes gateway eller andet system indlæse aflæsninger (CSV eller Excel) på kundens konti uden en person. Nøglen kan kun importere aflæsninger.',
  loading: 'Henter API-nøgler...',
  failed: (message: string): string => `API-nøglerne kunne ikke hentes. Meddelelse: ${message}`,
  createHeading: 'Ny nøgle',
  customer: 'Kunde',
  name: 'Navn',
  nameHint: 'Fx gatewayens placering. Aflæsninger fra nøglen vises med dette navn.',
  create: 'Opret nøgle',
  creating: 'Opretter nøgle',
  createdHeading: (name: string): string => `Nøglen "${name}" er oprettet`,
  shownOnce:
    'Nøglen vises kun nu. Kopiér den, og gem den et sikkert sted: den kan ikke vises igen. Mister du den, må du tilbagekalde den og oprette en ny.',
  theKey: 'API-nøgle',
  usage: 'Send den som Authorization: Bearer <nøgle> til importen af aflæsninger.',
  copy: 'Kopiér nøglen',
  copied: 'Nøglen er kopieret',
  saved: 'Jeg har gemt nøglen',
  listHeading: 'Nøgler',
  count: (count: number): string => counted(count, { one: 'nøgle', other: 'nøgler' }),
  none: 'Der er ingen API-nøgler endnu.',
  prefix: 'Begynder med',
  created: (at: string, by: string | null): string => (by ? `Oprettet ${at} af ${by}` : `Oprettet ${at}`),
  lastUsed: (at: string | null): string => (at ? `Sidst brugt ${at}` : 'Aldrig brugt'),
  revoked: (at: string, by: string | null): string =>
    by ? `Tilbagekaldt ${at} af ${by}` : `Tilbagekaldt ${at}`,
  active: 'Aktiv',
  revokedBadge: 'Tilbagekaldt',
  revoke: 'Tilbagekald',
  revokeNamed: (name: string): string => `Tilbagekald ${name}`,
  revokeQuestion: (name: string): string =>
    `Tilbagekald "${name}"? Systemer, der bruger nøglen, kan ikke længere indlæse aflæsninger.`,
  revokeConfirm: 'Ja, tilbagekald',
  cancel: 'Annullér',
  revokedDone: (name: string): string => `Nøglen "${name}" er tilbagekaldt.`,
} as const;
