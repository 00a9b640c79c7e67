import { describe, expect, it } from 'vitest';
import { tokenExpiry } from '@/lib/session/token-expiry';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

describe('tokenExpiry', () => {
  it('reads the exp claim as ISO 8601', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: 'ø', exp: 1_795_416_057 })}.sig`;
    expect(tokenExpiry(token)).toBe('2026-11-23T06:40:57.000Z');
  });

  it('gives null for anything else', () => {
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenExpiry('a.!!!.c')).toBeNull();
    expect(tokenExpiry(`a.${encode({ exp: 'soon' })}.c`)).toBeNull();
  });
});
