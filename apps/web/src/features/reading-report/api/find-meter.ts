import { FoundMeter } from '@maaler/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/http/api-client';
import { meterWithSerial } from '../route-status';
import { readingStatusQueryOptions } from './get-reading-status';

/**
 * GET /api/gateway/findbyserial/{accountId}/{serial}: the account's meter with that serial number.
 * Without a connection the route (from the device's copy) answers, as the server would: a serial it
 * does not have is not found.
 */
export async function findMeterBySerial(
  queryClient: QueryClient,
  accountId: string,
  serial: string,
): Promise<FoundMeter> {
  try {
    return await api.get(
      `/api/gateway/findbyserial/${encodeURIComponent(accountId)}/${encodeURIComponent(serial)}`,
      FoundMeter,
    );
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const route = await queryClient.fetchQuery(readingStatusQueryOptions(accountId)).catch(() => null);
    if (!route) throw error;
    const found = meterWithSerial(route, serial);
    if (!found) throw new ApiError(404, null);
    return found;
  }
}
