import { describe, expect, it } from 'vitest';
import { type OfflineSignInEntry, usableEntry } from '@/lib/offline-sign-in/offline-sign-in-entry';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const entry = (expires: string) =>
  ({ email: 'Tekniker@Eksempel.dk', expires }) as unknown as OfflineSignInEntry;

describe('the offline sign-in entry (ADR 034)', () => {
  it("serves the entry's e-mail in any case and with spaces around, before its end only", () => {
    const live = entry('2026-11-27T13:00:00.000Z');
    expect(usableEntry(live, ' tekniker@eksempel.DK ', NOW)).toBe(live);
    expect(usableEntry(live, 'kunde@eksempel.dk', NOW)).toBeUndefined();
    expect(usableEntry(entry('2026-11-27T12:00:00.000Z'), 'tekniker@eksempel.dk', NOW)).toBeUndefined();
    expect(usableEntry(entry('not a date'), 'tekniker@eksempel.dk', NOW)).toBeUndefined();
    expect(usableEntry(undefined, 'tekniker@eksempel.dk', NOW)).toBeUndefined();
  });
});
