import { readingReportMessages as messages } from '../messages';

export type CascadeSummaryProps = {
  location: string;
  meter: string;
  /** DD-MM-YYYY. */
  date: string;
  expanded: boolean;
  onToggle: () => void;
  /** The id of the element holding the cascade's fields. */
  controls: string;
};

/**
 * Route mode's cascade in one line (issue 33): the route chose location, meter and date already, so
 * they take one line and the meter's values come first; a tap shows the fields to change them.
 */
export function CascadeSummary({ location, meter, date, expanded, onToggle, controls }: CascadeSummaryProps) {
  return (
    <button
      type="button"
      className="btn btn-outline-secondary w-100 text-start d-flex justify-content-between align-items-center gap-2 mb-3 cascade-summary"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      data-testid="cascade-summary"
    >
      <span>{messages.cascadeSummary(location, meter, date)}</span>
      <span className="cascade-summary-chevron" aria-hidden="true" />
    </button>
  );
}
