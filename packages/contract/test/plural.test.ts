import { describe, expect, it } from 'vitest';
import { counted, IMPORT_MESSAGES, pluralForm } from '../src/index.ts';

const ROWS = { one: 'række', other: 'rækker' };

describe('Danish plurals', () => {
  it('takes the singular for one only', () => {
    expect([0, 1, 2, 21, 100].map((n) => pluralForm(n, ROWS))).toEqual([
      'rækker',
      'række',
      'rækker',
      'rækker',
      'rækker',
    ]);
    expect(counted(1, ROWS)).toBe('1 række');
  });

  it("the import's counted texts", () => {
    expect([0, 1, 2].map((n) => IMPORT_MESSAGES.checked(n, 0))).toEqual([
      'Filen er kontrolleret: 0 rækker uden fejl',
      'Filen er kontrolleret: 1 række uden fejl',
      'Filen er kontrolleret: 2 rækker uden fejl',
    ]);
    expect([1, 2].map((n) => IMPORT_MESSAGES.checked(5, n))).toEqual([
      'Filen har fejl i 1 række; intet er importeret',
      'Filen har fejl i 2 rækker; intet er importeret',
    ]);
    expect([0, 1, 2].map((n) => IMPORT_MESSAGES.applied(n))).toEqual([
      'Importeret: 0 rækker',
      'Importeret: 1 række',
      'Importeret: 2 rækker',
    ]);
  });

  it('names the five meter types with `eller` before the last', () => {
    expect(IMPORT_MESSAGES.typeInvalid).toBe('Type skal være Varme, Vand, El, Gas eller Andet');
  });
});
