import { isValidPassword } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword } from '../../../src/services/auth/temporary-password.ts';

describe('generateTemporaryPassword', () => {
  it('always satisfies the password rule and does not repeat', () => {
    const passwords = Array.from({ length: 200 }, generateTemporaryPassword);
    for (const password of passwords) {
      expect(isValidPassword(password)).toBe(true);
      expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
      expect(password).not.toMatch(/[01OIl]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
