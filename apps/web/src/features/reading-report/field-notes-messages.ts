/**
 * Danish texts of a meter's `Adgang`, `Placering`, `Vis på kort` and its open defect (issue 37), loaded
 * with the notes only when a meter or location has any, not on the home screen's first load.
 */
export const fieldNotesMessages = {
  access: 'Adgang',
  placement: 'Placering',
  showOnMap: 'Vis på kort',
  showOnMapLabel: (address: string): string => `Vis ${address} på kort (åbner kortappen)`,
  openDefect: 'Måleren er meldt defekt, og kontoret har en åben opgave på den. Aflæs den, hvis du kan.',
  openDefectBadge: 'Meldt defekt',
} as const;
