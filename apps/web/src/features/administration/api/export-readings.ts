import type { ExportFormat } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '@/lib/http/api-client';
import { offerDownload } from '@/lib/offer-download';
import { periodQuery } from './period-status';

type ExportRequest = { accountId: string; date: string | null; format: ExportFormat };

/** GET /api/admin/export/{accountId}: the period's readings for billing, offered as a download. */
async function exportReadings({ accountId, date, format }: ExportRequest): Promise<void> {
  const query = `${periodQuery(date)}${date ? '&' : '?'}format=${format}`;
  const file = await apiFile(
    `/api/admin/export/${encodeURIComponent(accountId)}${query}`,
    `aflaesninger.${format}`,
  );
  offerDownload(file.fileName, file.blob);
}

export function useExportReadings() {
  return useMutation({ mutationFn: exportReadings });
}
