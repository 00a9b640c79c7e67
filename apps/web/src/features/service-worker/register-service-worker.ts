import { SERVICE_WORKER_REGISTER_TIMEOUT_MS } from '@/config/constants';

/**
 * Spec §1: the service worker is registered once the app is stable (the browser is idle after the
 * first render), at the latest after 30 s. It precaches only hashed assets and fetches pages network
 * first, so it never serves an old index.html after a new build (vite.config.ts).
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      registerSW({
        immediate: true,
        onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
      });
    });
  };
  if ('requestIdleCallback' in window) {
    window.requestIdleCallback(register, { timeout: SERVICE_WORKER_REGISTER_TIMEOUT_MS });
  } else {
    setTimeout(register, SERVICE_WORKER_REGISTER_TIMEOUT_MS);
  }
}
