import { readingReportMessages as messages } from '../messages';

type MeterHeaderProps = {
  name: string;
  /** The label's serial number; absent when the meter has none or the server does not send it. */
  serial?: string | null | undefined;
  className?: string;
};

/**
 * A meter's name with `Serienr. {serial}` under it (issue 33): checking the label against it is how
 * readers avoid swapping two flats' meters.
 */
export function MeterHeader({ name, serial, className }: MeterHeaderProps) {
  return (
    <div className={className} data-testid="meter-header">
      <div className="fw-semibold">{name}</div>
      {serial && <div className="small text-body-secondary">{messages.serial(serial)}</div>}
    </div>
  );
}
