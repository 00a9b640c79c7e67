import type { QueryClient } from '@tanstack/react-query';
import { showAlert } from '@/lib/alerts';
import type { SyncResult } from '@/lib/device/reading-queue/sync-reading-queue';
import type { SkipSyncResult } from '@/lib/device/reading-queue/sync-skip-queue';
import { readingHistoryQueryOptions } from '@/lib/server-data/reading-history-api';
import { READING_STATUS_KEY } from '@/lib/server-data/reading-status-key';
import { offlineReadingsMessages as messages } from './messages';
import { syncMessages } from './sync-messages';

// What a sync of kept readings and skips tells the reader and the screens' data; loaded with the sync.

/**
 * Says what the sync sent and what the server refused, and marks stale what the sent readings and
 * skips changed. `skips`: null when the readings' sync was cut short and the skips waited.
 */
export function reportSync(
  readings: SyncResult,
  skips: SkipSyncResult | null,
  queryClient: QueryClient,
): void {
  if (readings.sent > 0) {
    showAlert('success', messages.sent(readings.sent), { autohide: true, keepDanger: true });
    // A history read before (or while offline) lacks what was just sent; the others stay, so the
    // route's next meter is not loaded again while the reader is at it (ADR 054).
    for (const { accountId, gatewayId, deviceId } of readings.sentMeters) {
      const { queryKey } = readingHistoryQueryOptions(accountId, { gatewayId, deviceId });
      void queryClient.invalidateQueries({ queryKey });
    }
  }
  // After moving on along the route the reader is elsewhere: the refusal must reach them.
  for (const { deviceName, text } of readings.refused) {
    showAlert('danger', syncMessages.readingRefused(deviceName, text));
  }
  // The route (and its device copy) read before the sync counted what was kept on the device, which
  // is gone from there now: it asks the server again (issue 33).
  if (readings.sent > 0 || (skips?.sent ?? 0) > 0) {
    void queryClient.invalidateQueries({ queryKey: READING_STATUS_KEY });
  }
  if (skips && skips.linkSent.length > 0) {
    showAlert('success', messages.residentLinkSent(skips.linkSent), { autohide: true });
  }
  for (const { deviceName, text } of skips?.refused ?? []) {
    showAlert('danger', messages.skipRefused(deviceName, text));
  }
}
