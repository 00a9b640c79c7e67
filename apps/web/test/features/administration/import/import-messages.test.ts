import { describe, expect, it } from 'vitest';
import { importMessages } from '@/features/administration/import/import-messages';

describe('the import’s column list', () => {
  it('names the resident’s, Adgang, Placering, Fjernaflæst and Radio-id columns as ones a meters file may leave out, and none for readings', () => {
    expect(importMessages.columns('meters')).toBe(
      'Kolonner: Lokation, Adresse, Måler, Serienummer, Type, Målepunkt, Enhed. Kan udelades: Beboer, Beboer e-mail, Beboer telefon, Adgang, Placering, Fjernaflæst, Radio-id.',
    );
    expect(importMessages.columns('readings')).toBe('Kolonner: Serienummer, Målepunkt, Dato, Værdi.');
  });
});
