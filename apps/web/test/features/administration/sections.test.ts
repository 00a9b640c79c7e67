import { describe, expect, it } from 'vitest';
import { administrationPaths } from '@/config/paths';
import { administrationSections, sectionAt, sectionHeadings } from '@/features/administration/sections';

describe('administration sections', () => {
  it('finds the section of each path, in the navigation order', () => {
    expect(administrationSections.map((section) => sectionAt(administrationPaths[section]))).toEqual([
      'status',
      'review',
      'import',
      'export',
      'meters',
      'tasks',
      'selfReading',
      'users',
      'emails',
      'log',
      'apiKeys',
    ]);
  });

  it('finds none for /administration itself, an unknown section or a path below a section', () => {
    expect(sectionAt('/administration')).toBeNull();
    expect(sectionAt('/administration/findes-ikke')).toBeNull();
    expect(sectionAt('/administration/brugere/1')).toBeNull();
  });

  it('names the sections with their Danish headings', () => {
    expect(administrationSections.map((section) => sectionHeadings[section])).toEqual([
      'Status for perioden',
      'Til kontrol',
      'Importér',
      'Eksport',
      'Målere',
      'Opgaver',
      'Selvaflæsning',
      'Brugere',
      'Udsendte e-mails',
      'Log',
      'API-nøgler',
    ]);
  });
});
