import { type ImportFileFormat, type ImportFormat, type ImportKind, ImportResult } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { api, apiFile } from '@/lib/http/api-client';
import { offerDownload } from '@/lib/offer-download';

export type ImportRequest = { accountId: string; kind: ImportKind; mode: 'dry-run' | 'apply'; file: File };

/**
 * The file's format by its name: an Excel workbook, wmbusmeters' JSON lines (issue 38), or, for anything
 * else, CSV (a remote meters' CSV is known by its heading on the server).
 */
export const formatOf = (file: File): ImportFileFormat => {
  if (/\.xlsx$/i.test(file.name)) return 'xlsx';
  return /\.(json|jsonl|ndjson)$/i.test(file.name) ? 'wmbusmeters' : 'csv';
};

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and the stack holds only so many.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** POST /api/admin/import/{accountId}/{kind}?mode=: the server reads the file; dry run or apply. */
async function importFile({ accountId, kind, mode, file }: ImportRequest): Promise<ImportResult> {
  return api.post(
    `/api/admin/import/${encodeURIComponent(accountId)}/${kind}?mode=${mode}`,
    { format: formatOf(file), data: await base64Of(file) },
    ImportResult,
  );
}

export function useImportFile() {
  return useMutation({ mutationFn: importFile });
}

/** GET /api/admin/import/template/{kind}: the headings to fill in, offered as a download. */
async function downloadTemplate({ kind, format }: { kind: ImportKind; format: ImportFormat }): Promise<void> {
  const file = await apiFile(`/api/admin/import/template/${kind}?format=${format}`, `skabelon.${format}`);
  offerDownload(file.fileName, file.blob);
}

export function useImportTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
