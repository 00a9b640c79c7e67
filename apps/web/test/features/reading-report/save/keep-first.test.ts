import { describe, expect, it, vi } from 'vitest';
import { keepFirst } from '@/features/reading-report/save/keep-first';
import { DeviceStorageRefused } from '@/features/reading-report/save/send-or-keep';

type Kept = { idempotencyKey: string; enteredOffline: boolean };

/** A server that stores what it is sent and a device that keeps what it is given, or refuses to. */
function steps(deviceStores = true) {
  const posted: string[] = [];
  const kept: Kept[] = [];
  const requestSend = vi.fn();
  return {
    posted,
    kept,
    requestSend,
    post: async (idempotencyKey: string) => {
      posted.push(idempotencyKey);
      return { Success: true };
    },
    keep: async (idempotencyKey: string, enteredOffline: boolean) => {
      if (!deviceStores) throw new DOMException('IndexedDB is off', 'InvalidStateError');
      kept.push({ idempotencyKey, enteredOffline });
    },
  };
}

describe('keepFirst (route mode, ADR 054)', () => {
  it('online: keeps the readings under the press key and asks the sync to send them, without sending itself', async () => {
    const { post, keep, requestSend, posted, kept } = steps();
    expect(await keepFirst({ online: true, idempotencyKey: 'k1', post, keep, requestSend })).toBe('kept');
    expect(kept).toEqual([{ idempotencyKey: 'k1', enteredOffline: false }]);
    expect(posted).toEqual([]);
    expect(requestSend).toHaveBeenCalledOnce();
  });

  it('offline: keeps them as entered offline and asks nothing to send (the sync waits for the connection)', async () => {
    const { post, keep, requestSend, posted, kept } = steps();
    expect(await keepFirst({ online: false, idempotencyKey: 'k1', post, keep, requestSend })).toBe('kept');
    expect(kept).toEqual([{ idempotencyKey: 'k1', enteredOffline: true }]);
    expect(posted).toEqual([]);
    expect(requestSend).not.toHaveBeenCalled();
  });

  it('a device that will not keep them: online they are sent at once under the same key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { post, keep, requestSend, posted } = steps(false);
    expect(await keepFirst({ online: true, idempotencyKey: 'k1', post, keep, requestSend })).toBe('saved');
    expect(posted).toEqual(['k1']);
    expect(requestSend).not.toHaveBeenCalled();
  });

  it('a device that will not keep them, offline: DeviceStorageRefused, so the form keeps the values', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { post, keep, requestSend } = steps(false);
    await expect(
      keepFirst({ online: false, idempotencyKey: 'k1', post, keep, requestSend }),
    ).rejects.toBeInstanceOf(DeviceStorageRefused);
  });

  it('without the meter loaded (nothing to keep it with): the spec SEND', async () => {
    const { post, requestSend, posted } = steps();
    expect(await keepFirst({ online: true, idempotencyKey: 'k1', post, keep: null, requestSend })).toBe(
      'saved',
    );
    expect(posted).toEqual(['k1']);
  });
});
