import { MY_DATA_FILE_NAME } from '@maaler/contract';
import { apiFile } from '@/lib/http/api-client';
import { offerDownload } from '@/lib/offer-download';

export type MyDataFormat = 'json' | 'csv';

const FALLBACK_NAMES: Record<MyDataFormat, string> = {
  json: `${MY_DATA_FILE_NAME}.json`,
  csv: `${MY_DATA_FILE_NAME}-aflaesninger.csv`,
};

/** GET /api/user/mydata: everything as JSON, or with format=csv the readings, offered as a download. */
export async function downloadMyData(format: MyDataFormat): Promise<void> {
  const file = await apiFile(
    `/api/user/mydata${format === 'csv' ? '?format=csv' : ''}`,
    FALLBACK_NAMES[format],
  );
  offerDownload(file.fileName, file.blob);
}
