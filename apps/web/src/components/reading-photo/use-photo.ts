import { useEffect, useState } from 'react';
import { apiFile } from '@/lib/http/api-client';
import { errorMessage } from '@/lib/messages';

export type PhotoLoad = { blob: Blob | null; error: string | null };

/**
 * GET /api/photos/{accountId}/{photoId} with the session's token (a plain <img src> could not send
 * it). Not cached: the server says no-store, and a photo is shown only while its dialog is open.
 */
export function usePhoto(accountId: string, photoId: string | undefined): PhotoLoad {
  const [load, setLoad] = useState<PhotoLoad>({ blob: null, error: null });
  useEffect(() => {
    setLoad({ blob: null, error: null });
    if (!photoId) return;
    let current = true;
    apiFile(`/api/photos/${encodeURIComponent(accountId)}/${encodeURIComponent(photoId)}`, 'foto.jpg').then(
      (file) => current && setLoad({ blob: file.blob, error: null }),
      (failure: unknown) => current && setLoad({ blob: null, error: errorMessage(failure) }),
    );
    return () => {
      current = false;
    };
  }, [accountId, photoId]);
  return load;
}
