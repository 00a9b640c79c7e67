import { ApiError } from '@/lib/http/api-client';
import { errorMessage } from '@/lib/messages';
import { readingReportMessages as messages } from '../messages';
import { DeviceStorageRefused } from './send-or-keep';

/** HTTP status of a reading batch the server refused (its `validationError` names the point). */
const READING_REJECTED = 406;

/** The alert text for a failed save (spec §8), also when the device refused to keep the readings. */
export function saveErrorText(error: unknown): string {
  if (error instanceof DeviceStorageRefused) return messages.storageRefused;
  if (error instanceof ApiError) {
    const message = error.serverMessage ?? error.message;
    return error.status === READING_REJECTED ? messages.rejected(message) : messages.failed(message);
  }
  return messages.failed(errorMessage(error));
}
