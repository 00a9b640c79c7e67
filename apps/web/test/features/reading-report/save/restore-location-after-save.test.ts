import type { GuaranteedGatewayTree } from '@maaler/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreLocationAfterSave } from '@/features/reading-report/save/restore-location-after-save';

const gateways: GuaranteedGatewayTree = [{ GatewayId: 7, Name: 'Kælder', DeviceList: [] }];

describe('restoreLocationAfterSave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('chooses the location again 150 ms after the gateways are loaded fresh, not before', async () => {
    const restore = vi.fn();
    let loaded: (tree: GuaranteedGatewayTree) => void = () => {};
    const refreshGateways = () => new Promise<GuaranteedGatewayTree>((resolve) => (loaded = resolve));
    restoreLocationAfterSave({ gatewayId: '7', refreshGateways, restore });

    await vi.advanceTimersByTimeAsync(1_000);
    expect(restore).not.toHaveBeenCalled();
    loaded(gateways);
    await vi.advanceTimersByTimeAsync(149);
    expect(restore).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(restore).toHaveBeenCalledOnce();
  });

  it('keeps the location when the reload fails, and drops it when the fresh list no longer has it', async () => {
    const restore = vi.fn();
    restoreLocationAfterSave({
      gatewayId: '7',
      refreshGateways: () => Promise.reject(new Error('nede')),
      restore,
    });
    const gone = vi.fn();
    restoreLocationAfterSave({
      gatewayId: '8',
      refreshGateways: () => Promise.resolve(gateways),
      restore: gone,
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(restore).toHaveBeenCalledOnce();
    expect(gone).not.toHaveBeenCalled();
  });

  it('does nothing once cancelled (the screen was left)', async () => {
    const restore = vi.fn();
    const cancel = restoreLocationAfterSave({
      gatewayId: '7',
      refreshGateways: () => Promise.resolve(gateways),
      restore,
    });
    await vi.advanceTimersByTimeAsync(100);
    cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(restore).not.toHaveBeenCalled();
  });
});
