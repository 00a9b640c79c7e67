/** The tag of the Background Sync that wakes a tab to send the kept readings (public/reading-sync-worker.js). */
export const READING_SYNC_TAG = 'maaleraflaesning-readings';

type SyncManagerLike = { register(tag: string): Promise<void> };

/**
 * Asks the browser to wake the service worker once the connection is back (Background Sync, where the
 * browser has it; Safari and Firefox do not, and the app's own triggers cover them).
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    await sync?.register(READING_SYNC_TAG);
  } catch (error) {
    // The app's own triggers still send the readings.
    console.warn('Background Sync could not be registered', error);
  }
}

/**
 * Runs `sync` when the service worker asks for it, and answers whether the sync was cut short, so that
 * the browser tries again later.
 */
export function onBackgroundSyncRequest(sync: () => Promise<{ interrupted: boolean }>): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== READING_SYNC_TAG) return;
    const [port] = event.ports;
    void sync().then(
      (result) => port?.postMessage(result),
      () => port?.postMessage({ interrupted: true }),
    );
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}

/** The event by which a screen of this tab asks its sync to send now. */
const SEND_NOW_EVENT = 'maaleraflaesning-send-now';

/**
 * Asks this tab's sync to send the kept readings now (route mode keeps each SEND first, ADR 054): in
 * every browser, with or without a service worker.
 */
export function requestSendNow(): void {
  window.dispatchEvent(new Event(SEND_NOW_EVENT));
}

export function onSendNowRequest(listener: () => void): () => void {
  window.addEventListener(SEND_NOW_EVENT, listener);
  return () => window.removeEventListener(SEND_NOW_EVENT, listener);
}
