import { MAX_READING_NOTE_LENGTH } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE, CUSTOMER_USER_ROLE, METER_READER_ROLE } from '@/config/constants';
import { newPhotoId } from '@/features/reading-report/photo/photo-id';
import { photoMessages } from '@/features/reading-report/photo/photo-messages';
import { isPhotoRequired, photoNoteProblem, wireEvidence } from '@/features/reading-report/photo/photo-rules';

const photo = { id: '0b5e7c1a-2f34-4d7e-9a1b-3c4d5e6f7a8b', blob: new Blob(['x'], { type: 'image/jpeg' }) };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Foto påkrævet', () => {
  it('binds only readers (role 0), and only where the account requires it', () => {
    expect(isPhotoRequired(METER_READER_ROLE, true)).toBe(true);
    expect(isPhotoRequired(METER_READER_ROLE, false)).toBe(false);
    expect(isPhotoRequired(ADMIN_ROLE, true)).toBe(false);
    expect(isPhotoRequired(CUSTOMER_USER_ROLE, true)).toBe(false);
  });

  it('stops SEND without a photo when required, with a Danish text, and lets it go with one', () => {
    expect(photoNoteProblem({ photo: null, note: '' }, true)).toBe('photoRequired');
    expect(photoMessages.photoRequired).toBe('Tag et foto af måleren. Foto er påkrævet på denne konto.');
    expect(photoNoteProblem({ photo, note: '' }, true)).toBeNull();
    expect(photoNoteProblem({ photo: null, note: '' }, false)).toBeNull();
  });
});

describe('Bemærkning', () => {
  it(`takes ${MAX_READING_NOTE_LENGTH} characters and refuses one more`, () => {
    expect(photoNoteProblem({ photo: null, note: 'x'.repeat(MAX_READING_NOTE_LENGTH) }, false)).toBeNull();
    expect(photoNoteProblem({ photo: null, note: 'x'.repeat(MAX_READING_NOTE_LENGTH + 1) }, false)).toBe(
      'noteTooLong',
    );
  });

  it('counts in Danish', () => {
    expect(photoMessages.noteCounter(12)).toBe(`12 af ${MAX_READING_NOTE_LENGTH} tegn`);
  });
});

describe('wireEvidence', () => {
  it("gives the SEND the photo's id and the trimmed note, and nothing for a blank note", () => {
    expect(wireEvidence({ photo, note: '  Låget var dugget \n' })).toEqual({
      photoId: photo.id,
      note: 'Låget var dugget',
    });
    expect(wireEvidence({ photo: null, note: '   ' })).toEqual({});
  });

  it('marks the note Kræver opfølgning only when there is a note (issue 37)', () => {
    expect(wireEvidence({ photo: null, note: ' Plomben er brudt ', followUp: true })).toEqual({
      note: 'Plomben er brudt',
      followUp: true,
    });
    expect(wireEvidence({ photo: null, note: '  ', followUp: true })).toEqual({});
    expect(wireEvidence({ photo: null, note: 'Alt i orden', followUp: false })).toEqual({
      note: 'Alt i orden',
    });
    expect(photoMessages.followUp).toBe('Kræver opfølgning');
  });
});

describe('newPhotoId', () => {
  it('makes a version-4 UUID, as the wire requires, also without crypto.randomUUID', () => {
    expect(newPhotoId()).toMatch(UUID);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 20 }, newPhotoId));
      expect(ids.size).toBe(20);
      for (const id of ids) expect(id).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
