/**
 * The footer's texts: apart from the pages' own, so the first load of every screen carries these two
 * links and not the statement and the privacy policy.
 */
export const footerMessages = {
  label: 'Om tjenesten',
  accessibility: 'Tilgængelighedserklæring',
  privacy: 'Privatlivspolitik',
  myData: 'Mine data',
} as const;
