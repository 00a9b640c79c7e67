import { administrationLinkMessages } from './link-messages';

/**
 * Danish texts the administration's layout and shared pieces show (issue 18), for role 1 only; each
 * section's own texts are in its folder.
 */
export const administrationMessages = {
  ...administrationLinkMessages,
  title: 'Administration',
  back: 'Til indberetning',
  account: 'Konto',
  loadingAccounts: 'Henter konti...',
  loading: 'Henter...',
  failed: (message: string): string => `Data kunne ikke hentes. Meddelelse: ${message}`,
  retry: 'Prøv igen',
  navigation: 'Administration',
  reviewNav: (count: number): string => `Til kontrol (${count})`,
  sectionTitle: (section: string): string => `${section} – Administration`,
  period: 'Periode',
  pageOf: (page: number, pages: number): string => `Side ${page} af ${pages}`,
  previousPage: 'Forrige side',
  nextPage: 'Næste side',
} as const;
