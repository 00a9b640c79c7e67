import { describe, expect, it } from 'vitest';
import { routeAfterLogin } from '@/features/auth/route-after-login';

const ONE = '7ac0026b-9b52-4457-a5d9-40f48b8771ac';
const TWO = `${ONE},274aca66-e960-4103-b20a-9be18059d699`;

describe('routeAfterLogin', () => {
  it('sends a user with the reset flag to the new-password screen first', () => {
    expect(routeAfterLogin({ resetPassword: true, role: 0, customerList: ONE })).toBe('reset-password');
  });

  it('loads the accounts for a single customer or role 0', () => {
    expect(routeAfterLogin({ resetPassword: false, role: 2, customerList: ONE })).toBe('load-accounts');
    expect(routeAfterLogin({ resetPassword: false, role: 0, customerList: TWO })).toBe('load-accounts');
  });

  it('lets everyone else choose a customer, whatever the role', () => {
    expect(routeAfterLogin({ resetPassword: false, role: 1, customerList: TWO })).toBe('select-customer');
    expect(routeAfterLogin({ resetPassword: false, role: 2, customerList: '' })).toBe('select-customer');
  });
});
