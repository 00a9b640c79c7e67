import { evidenceMessages as messages } from './evidence-messages';
import { useObjectUrl } from './use-object-url';
import { usePhoto } from './use-photo';
import './reading-photo.css';

/** `Til kontrol` (issue 36): the reading's photo small beside its value, to compare before approving. */
export function PhotoBesideValue({
  accountId,
  photoId,
  alt,
}: {
  accountId: string;
  photoId: string;
  alt: string;
}) {
  const photo = usePhoto(accountId, photoId);
  const url = useObjectUrl(photo.blob);
  if (photo.error) return <span className="small text-danger">{messages.photoFailed(photo.error)}</span>;
  if (!url) return <span className="small">{messages.loadingPhoto}</span>;
  return <img src={url} alt={alt} className="photo-beside-value rounded border" data-testid="review-photo" />;
}
