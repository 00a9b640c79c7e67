import type { ExportFormat } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '@/lib/http/api-client';
import { offerDownload } from '@/lib/offer-download';
import { periodQuery } from '../../api/period-status';

/** What the administration exports of a period: its readings, or the consumption per month (ADR 019). */
export type ExportTable = 'readings' | 'months';

type ExportRequest = { accountId: string; date: string | null; format: ExportFormat; table: ExportTable };

const PATHS: Record<ExportTable, { path: string; fallbackName: string }> = {
  readings: { path: 'export', fallbackName: 'aflaesninger' },
  months: { path: 'monthlyconsumption', fallbackName: 'forbrug-pr-maaned' },
};

/**
 * GET /api/admin/export/{accountId} (the period's readings for billing) or
 * /api/admin/monthlyconsumption/{accountId}, offered as a download.
 */
async function exportReadings({ accountId, date, format, table }: ExportRequest): Promise<void> {
  const query = `${periodQuery(date)}${date ? '&' : '?'}format=${format}`;
  const { path, fallbackName } = PATHS[table];
  const file = await apiFile(
    `/api/admin/${path}/${encodeURIComponent(accountId)}${query}`,
    `${fallbackName}.${format}`,
  );
  offerDownload(file.fileName, file.blob);
}

export function useExportReadings() {
  return useMutation({ mutationFn: exportReadings });
}
