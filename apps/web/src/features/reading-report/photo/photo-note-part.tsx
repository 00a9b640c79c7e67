import type { RefObject } from 'react';
import { useAuthStatus } from '@/lib/session/use-auth-status';
import { useReadingStatus } from '../api/get-reading-status';
import type { PhotoNoteControl } from './photo-note-control';
import PhotoNoteFields from './photo-note-fields';
import { isPhotoRequired } from './photo-rules';

type Props = {
  accountId: string;
  /** The handle SEND uses; the form keys this part by meter, so another meter starts empty. */
  control: RefObject<PhotoNoteControl | null>;
};

/**
 * The reading form's photo and note (issue 36), loaded once a meter is chosen. A reader (role 0) on
 * an account with `Foto påkrævet` cannot SEND without a photo; the setting comes with the route's
 * status, of which the device keeps a copy for offline use.
 */
export default function PhotoNotePart({ accountId, control }: Props) {
  const role = useAuthStatus((status) => status.role);
  const status = useReadingStatus(accountId, isPhotoRequired(role, true));
  return (
    <PhotoNoteFields
      control={control}
      required={isPhotoRequired(role, status.data?.photoRequired === true)}
      offerFollowUp
    />
  );
}
