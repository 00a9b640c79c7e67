import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../../src/services/readings/idempotency.ts';

describe('requestFingerprint', () => {
  const body = [{ gatewayId: 1, deviceId: 2, dateRecord: '11/01/2026', deviceItemId: 3, value: '1' }];

  it('is a sha256 hex digest that depends on the account and the body', () => {
    const fingerprint = requestFingerprint('account-a', body);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('account-a', body)).toBe(fingerprint);
    expect(requestFingerprint('account-b', body)).not.toBe(fingerprint);
    expect(requestFingerprint('account-a', [{ ...body[0], value: '2' }])).not.toBe(fingerprint);
  });
});
