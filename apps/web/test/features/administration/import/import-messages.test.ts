import { describe, expect, it } from 'vitest';
import { importMessages } from '@/features/administration/import/import-messages';

describe('the import’s column list', () => {
  it('names the resident’s columns as ones a meters file may leave out, and none for readings', () => {
    expect(importMessages.columns('meters')).toBe(
      'Kolonner: Lokation, Adresse, Måler, Serienummer, Type, Målepunkt, Enhed. Kan udelades: Beboer, Beboer e-mail, Beboer telefon.',
    );
    expect(importMessages.columns('readings')).toBe('Kolonner: Serienummer, Målepunkt, Dato, Værdi.');
  });
});
