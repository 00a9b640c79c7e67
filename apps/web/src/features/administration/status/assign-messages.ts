/** Danish texts of `Tildel aflæser` in `Status for perioden` (issue 37, ADR 048). */
export const assignMessages = {
  heading: 'Tildel aflæser',
  locationsCaption: 'Lokationer og deres aflæser',
  hint: 'Vælg, hvem der aflæser hver lokation i perioden. Målere, der allerede er aflæst eller sprunget over, bliver hos den aflæser, der havde dem.',
  noReaders: 'Kontoen har ingen aflæsere.',
  location: 'Lokation',
  meters: 'Målere',
  reader: 'Aflæser',
  readerFor: (location: string): string => `Aflæser for ${location}`,
  nobody: 'Ingen',
  assign: 'Tildel',
  assignLocation: (location: string): string => `Tildel ${location}`,
  several: 'Flere aflæsere',
  progressHeading: 'Fremdrift pr. aflæser',
  assigned: 'Tildelt',
  read: 'Aflæst',
  skipped: 'Sprunget over',
  missing: 'Mangler',
  noProgress: 'Ingen målere er tildelt en aflæser i perioden.',
  saved: (location: string, moved: number, kept: number): string =>
    `${location}: ${moved} ${moved === 1 ? 'måler' : 'målere'} flyttet${
      kept > 0 ? `, ${kept} bliver hos den aflæser, der havde ${kept === 1 ? 'den' : 'dem'}` : ''
    }.`,
  failed: (message: string): string => `Aflæseren kunne ikke tildeles. Meddelelse: ${message}`,
  loadFailed: (message: string): string => `Tildelingerne kunne ikke hentes. Meddelelse: ${message}`,
} as const;
