import { FoundMeter } from '@maaler/contract';
import { api } from '@/lib/http/api-client';

/** GET /api/gateway/findbyserial/{accountId}/{serial}: the account's meter with that serial number. */
export function findMeterBySerial(accountId: string, serial: string): Promise<FoundMeter> {
  return api.get(
    `/api/gateway/findbyserial/${encodeURIComponent(accountId)}/${encodeURIComponent(serial)}`,
    FoundMeter,
  );
}
