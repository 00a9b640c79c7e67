// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registerSW = vi.fn();
vi.mock('virtual:pwa-register', () => ({ registerSW }));

const { registerServiceWorkerWhenIdle } = await import('@/features/service-worker/register-service-worker');

/** The browser's idle callback in a page that never becomes idle: only its `timeout` runs it. */
function neverIdle(callback: IdleRequestCallback, options?: IdleRequestOptions): number {
  return window.setTimeout(
    () => callback({ didTimeout: true, timeRemaining: () => 0 }),
    options?.timeout ?? Number.POSITIVE_INFINITY,
  );
}

/** Lets the dynamic import of the registration module settle. */
const importSettled = () => vi.waitFor(() => expect(registerSW).toHaveBeenCalled());

describe('registerServiceWorkerWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    registerSW.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'requestIdleCallback');
  });

  // Without idle callbacks, or with a page that never becomes idle, the 30 s limit alone must start it.
  it.each([
    { page: 'a page that never becomes idle', requestIdleCallback: neverIdle },
    { page: 'a browser without idle callbacks', requestIdleCallback: undefined },
  ])('registers at the latest after 30 s in $page', async ({ requestIdleCallback }) => {
    if (requestIdleCallback) {
      Object.defineProperty(window, 'requestIdleCallback', {
        value: requestIdleCallback,
        configurable: true,
      });
    }
    registerServiceWorkerWhenIdle();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(registerSW).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await importSettled();
    expect(registerSW).toHaveBeenCalledOnce();
    expect(registerSW).toHaveBeenCalledWith(expect.objectContaining({ immediate: true }));
  });
});
