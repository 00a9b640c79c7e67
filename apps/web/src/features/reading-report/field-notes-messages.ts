/**
 * Danish texts of a meter's `Adgang`, `Placering`, `Vis på kort` and its open defect (issue 37), loaded
 * with the notes only when a meter or location has any, not on the home screen's first load.
 */
export const fieldNotesMessages = {
  access: 'Adgang',
  placement: 'Placering',
  showOnMap: 'Vis på kort',
  // Begins with the visible text, so a voice user who says what they see reaches the link (WCAG 2.5.3).
  showOnMapLabel: (address: string): string => `Vis på kort: ${address} (åbner kortappen)`,
  openDefect: 'Måleren er meldt defekt, og kontoret har en åben opgave på den. Aflæs den, hvis du kan.',
  openDefectBadge: 'Meldt defekt',
} as const;
