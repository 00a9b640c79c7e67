import type { AdminLocation } from '@maaler/contract';
import Button from 'react-bootstrap/Button';
import { moreMetersShown } from './meter-list-rules';
import { meterAdministrationMessages as messages } from './meter-messages';

/**
 * Under a location's first meters: how many of all show, and `Vis flere målere` for the next handful;
 * nothing when all show.
 */
export function MoreMeters({
  location,
  shown,
  onMore,
}: {
  location: AdminLocation;
  shown: number;
  onMore: (shown: number) => void;
}) {
  const total = location.Meters.length;
  if (shown >= total) return null;
  return (
    <div className="border-top pt-2 d-flex flex-wrap align-items-center gap-2">
      <span className="small">{messages.metersShown(shown, total)}</span>
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={messages.showMoreMetersLabel(location.Name, total - shown)}
        onClick={() => onMore(moreMetersShown(shown))}
      >
        {messages.showMoreMeters}
      </Button>
    </div>
  );
}
