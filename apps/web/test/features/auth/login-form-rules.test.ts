import { LoginRequest } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { type LoginFormValues, loginFieldError, toCredentials } from '@/features/auth/login-form-rules';

/** What the contract's zod schema says about one field of a login: its first message, or undefined. */
function contractError(field: 'email' | 'password', values: LoginFormValues): string | undefined {
  const parsed = LoginRequest.safeParse({ ...values, area: 9 });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

const EMAILS = [
  '',
  '   ',
  'tekniker@eksempel.dk',
  ' Kunde@Eksempel.DK ',
  'ikke-en-adresse',
  'a@b',
  'a@b.c',
  'a@b.dk',
  '.a@b.dk',
  'a..b@c.dk',
  'a.b@c.dk',
  "o'neil+tag@x-y.dk",
  'a@-b.dk',
  'a@b-.dk',
  'æøå@eksempel.dk',
  'a b@c.dk',
  'a@b.dk.',
  `${'a'.repeat(245)}@eksempel.dk`,
  `${'a'.repeat(242)}@eksempel.dk`,
  ` ${'a'.repeat(242)}@eksempel.dk `,
];
const PASSWORDS = ['', ' ', 'x', 'demo1234', ' demo1234 ', 'a'.repeat(128), 'a'.repeat(129), 'æøå'];

describe('login form rules', () => {
  it.each(EMAILS)('judge the e-mail %j as the contract does', (email) => {
    const values = { email, password: 'demo1234', rememberme: false };
    expect(loginFieldError('email', values)).toBe(contractError('email', values));
  });

  it.each(PASSWORDS)('judge the password %j as the contract does', (password) => {
    const values = { email: 'a@b.dk', password, rememberme: true };
    expect(loginFieldError('password', values)).toBe(contractError('password', values));
  });

  it('send the e-mail as the contract normalises it, and the password as typed', () => {
    const values = { email: ' Kunde@Eksempel.DK ', password: ' demo1234 ', rememberme: true };
    const parsed = LoginRequest.parse({ ...values, area: 9 });
    expect(toCredentials(values)).toEqual({
      email: parsed.email,
      password: parsed.password,
      rememberme: parsed.rememberme,
    });
  });
});
