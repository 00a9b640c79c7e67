// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { DeviceStorageRefused, sendOrKeep } from '@/features/reading-report/save/send-or-keep';
import { ApiError } from '@/lib/http/api-error';

type Kept = { idempotencyKey: string; enteredOffline: boolean };

/** A server that answers `answer` and a device that keeps what it is given, or refuses to. */
function steps(answer: () => Promise<unknown>, deviceStores = true) {
  const posted: string[] = [];
  const kept: Kept[] = [];
  return {
    posted,
    kept,
    post: async (idempotencyKey: string) => {
      posted.push(idempotencyKey);
      return answer();
    },
    keep: async (idempotencyKey: string, enteredOffline: boolean) => {
      if (!deviceStores) throw new DOMException('IndexedDB is off', 'InvalidStateError');
      kept.push({ idempotencyKey, enteredOffline });
    },
  };
}

describe('sendOrKeep', () => {
  it('online: sends the readings and keeps nothing when the server stores them', async () => {
    const { post, keep, posted, kept } = steps(async () => ({ Success: true }));
    expect(await sendOrKeep({ online: true, idempotencyKey: 'k1', post, keep })).toBe('saved');
    expect(posted).toEqual(['k1']);
    expect(kept).toEqual([]);
  });

  it('online without an answer: keeps them with the key of that attempt, as not entered offline', async () => {
    const { post, keep, kept } = steps(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await sendOrKeep({ online: true, idempotencyKey: 'k1', post, keep })).toBe('kept');
    expect(kept).toEqual([{ idempotencyKey: 'k1', enteredOffline: false }]);
  });

  it('offline: keeps them at once as entered offline, without an attempt', async () => {
    const { post, keep, posted, kept } = steps(async () => ({ Success: true }));
    expect(await sendOrKeep({ online: false, idempotencyKey: 'k1', post, keep })).toBe('kept');
    expect(posted).toEqual([]);
    expect(kept).toEqual([{ idempotencyKey: 'k1', enteredOffline: true }]);
  });

  it("a server's refusal stands: nothing is kept and the refusal is thrown", async () => {
    const refusal = new ApiError(406, { validationError: 'Værdi for målepunktet "Volumen" er ugyldig' });
    const { post, keep, kept } = steps(() => Promise.reject(refusal));
    await expect(sendOrKeep({ online: true, idempotencyKey: 'k1', post, keep })).rejects.toBe(refusal);
    expect(kept).toEqual([]);
  });

  it('a device that refuses to keep them throws DeviceStorageRefused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { post, keep } = steps(async () => ({ Success: true }), false);
    await expect(sendOrKeep({ online: false, idempotencyKey: 'k1', post, keep })).rejects.toBeInstanceOf(
      DeviceStorageRefused,
    );
  });

  it('cannot keep readings of a meter that is not loaded', async () => {
    const { post } = steps(async () => ({ Success: true }));
    await expect(sendOrKeep({ online: false, idempotencyKey: 'k1', post, keep: null })).rejects.toThrow(
      TypeError,
    );
  });
});
