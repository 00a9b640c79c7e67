// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { keepFirst } from '@/features/reading-report/save/keep-first';
import { DeviceStorageRefused, sendOrKeep } from '@/features/reading-report/save/send-or-keep';

type Kept = { idempotencyKey: string; enteredOffline: boolean };

/** A server that stores what it is sent and a device that keeps what it is given, or refuses to. */
function steps(deviceStores = true) {
  const posted: string[] = [];
  const kept: Kept[] = [];
  const requestSend = vi.fn();
  const post = async (idempotencyKey: string) => {
    posted.push(idempotencyKey);
    return { Success: true };
  };
  const keep = async (idempotencyKey: string, enteredOffline: boolean) => {
    if (!deviceStores) throw new DOMException('IndexedDB is off', 'InvalidStateError');
    kept.push({ idempotencyKey, enteredOffline });
  };
  /** The step as useSaveOrKeep wires it: the spec's SEND (`sendOrKeep`) is the fallback. */
  const step = (online: boolean, withKeep = true) => {
    const steps = { online, idempotencyKey: 'k1', post, keep: withKeep ? keep : null };
    return keepFirst({ ...steps, requestSend, sendNow: () => sendOrKeep(steps) });
  };
  return { posted, kept, requestSend, step };
}

describe('keepFirst (route mode, ADR 054)', () => {
  it('online: keeps the readings under the press key and asks the sync to send them, without sending itself', async () => {
    const { step, requestSend, posted, kept } = steps();
    expect(await step(true)).toBe('kept');
    expect(kept).toEqual([{ idempotencyKey: 'k1', enteredOffline: false }]);
    expect(posted).toEqual([]);
    expect(requestSend).toHaveBeenCalledOnce();
  });

  it('offline: keeps them as entered offline and asks nothing to send (the sync waits for the connection)', async () => {
    const { step, requestSend, posted, kept } = steps();
    expect(await step(false)).toBe('kept');
    expect(kept).toEqual([{ idempotencyKey: 'k1', enteredOffline: true }]);
    expect(posted).toEqual([]);
    expect(requestSend).not.toHaveBeenCalled();
  });

  it('a device that will not keep them: online they are sent at once under the same key', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { step, requestSend, posted } = steps(false);
    expect(await step(true)).toBe('saved');
    expect(posted).toEqual(['k1']);
    expect(requestSend).not.toHaveBeenCalled();
  });

  it('a device that will not keep them, offline: DeviceStorageRefused, so the form keeps the values', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { step } = steps(false);
    await expect(step(false)).rejects.toBeInstanceOf(DeviceStorageRefused);
  });

  it('without the meter loaded (nothing to keep it with): the spec SEND', async () => {
    const { step, posted } = steps();
    expect(await step(true, false)).toBe('saved');
    expect(posted).toEqual(['k1']);
  });
});
