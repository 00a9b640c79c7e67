// Imported by the service worker (vite.config.ts, workbox.importScripts). Background Sync wakes the
// worker when the connection is back, even while the app's tab is hidden. The worker cannot send the
// readings itself: the session token lives only in the page (ADR 013). It asks an open tab of the app
// to sync and waits for its answer; a sync cut short is failed, so the browser tries again later.
const READING_SYNC_TAG = 'maaleraflaesning-readings';
const ANSWER_WITHIN_MS = 60_000;

function askTabToSync(tab) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error('The tab did not answer')), ANSWER_WITHIN_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      if (event.data?.interrupted) reject(new Error('The sync was cut short'));
      else resolve();
    };
    tab.postMessage({ type: READING_SYNC_TAG }, [channel.port2]);
  });
}

self.addEventListener('sync', (event) => {
  if (event.tag !== READING_SYNC_TAG) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((tabs) => (tabs.length > 0 ? askTabToSync(tabs[0]) : undefined)),
  );
});
