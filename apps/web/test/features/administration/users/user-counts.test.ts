import { describe, expect, it } from 'vitest';
import { accountCountOf, userPageCount } from '@/features/administration/users/user-counts';

describe('the counts of Brugere', () => {
  it('counts a user’s accounts from the comma-separated list', () => {
    expect(accountCountOf('')).toBe(0);
    expect(accountCountOf('a1')).toBe(1);
    expect(accountCountOf('a1,a2,a3')).toBe(3);
  });

  it('makes at least one page of users', () => {
    expect(userPageCount(0, 50)).toBe(1);
    expect(userPageCount(50, 50)).toBe(1);
    expect(userPageCount(51, 50)).toBe(2);
  });
});
