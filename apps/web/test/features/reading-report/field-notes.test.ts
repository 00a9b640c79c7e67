import { describe, expect, it } from 'vitest';
import { combinedNote, mapLinkOf } from '@/features/reading-report/field-notes';

describe('a meter’s notes (issue 37)', () => {
  it('joins the location’s and the meter’s note, location first, and is null without either', () => {
    expect(combinedNote({ Placement: 'Kælder' }, { Placement: 'Bag trappen' }, 'Placement')).toBe(
      'Kælder – Bag trappen',
    );
    expect(combinedNote(undefined, { Access: 'Nøgle hos viceværten' }, 'Access')).toBe(
      'Nøgle hos viceværten',
    );
    expect(combinedNote({ Access: 'Kode 1234' }, {}, 'Placement')).toBeNull();
  });

  it('links the address to a maps search, encoded', () => {
    expect(mapLinkOf('Søparken 12, 2800 Lyngby')).toBe(
      'https://www.google.com/maps/search/?api=1&query=S%C3%B8parken%2012%2C%202800%20Lyngby',
    );
  });
});
