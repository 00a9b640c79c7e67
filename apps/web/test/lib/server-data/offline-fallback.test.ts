// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { plainSessionKeys } from '@/lib/browser-storage/plain-keys';
import { readCopy } from '@/lib/device/device-copies';
import { withDeviceCopy } from '@/lib/server-data/offline-fallback';

const Tree = z.array(z.object({ GatewayId: z.number(), Name: z.string() }));
const tree = [{ GatewayId: 1, Name: 'Søparken 12, kælder' }];
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

describe('withDeviceCopy', () => {
  beforeEach(() => {
    plainSessionKeys.guid.set(`user-${crypto.randomUUID()}`);
  });
  afterEach(() => {
    sessionStorage.clear();
  });

  const userId = () => plainSessionKeys.guid.get() ?? '';

  it("keeps the server's answer on the device, per user and account, and answers with it without a connection", async () => {
    expect(await withDeviceCopy('konto-1', 'gateway-tree', Tree, async () => tree)).toEqual(tree);
    await vi.waitFor(async () => expect(await readCopy(userId(), 'konto-1', 'gateway-tree')).toEqual(tree));

    expect(await withDeviceCopy('konto-1', 'gateway-tree', Tree, noConnection)).toEqual(tree);
    await expect(withDeviceCopy('konto-2', 'gateway-tree', Tree, noConnection)).rejects.toThrow(TypeError);
  });

  it("never answers with another user's copy", async () => {
    await withDeviceCopy('konto-1', 'gateway-tree', Tree, async () => tree);
    await vi.waitFor(async () => expect(await readCopy(userId(), 'konto-1', 'gateway-tree')).toEqual(tree));
    plainSessionKeys.guid.set('another-user');
    await expect(withDeviceCopy('konto-1', 'gateway-tree', Tree, noConnection)).rejects.toThrow(TypeError);
  });

  it('passes on what the server answered with an error, and a copy that no longer fits the schema', async () => {
    await withDeviceCopy('konto-1', 'gateway-tree', Tree, async () => tree);
    await vi.waitFor(async () => expect(await readCopy(userId(), 'konto-1', 'gateway-tree')).toEqual(tree));
    const refused = new Error('404');
    await expect(withDeviceCopy('konto-1', 'gateway-tree', Tree, () => Promise.reject(refused))).rejects.toBe(
      refused,
    );
    const Other = z.array(z.object({ DeviceId: z.number() }));
    await expect(withDeviceCopy('konto-1', 'gateway-tree', Other, noConnection)).rejects.toThrow(TypeError);
  });
});
