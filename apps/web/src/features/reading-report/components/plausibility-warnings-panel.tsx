import type { Ref } from 'react';
import { readingReportMessages as messages } from '../messages';
import type { PointWarning } from '../plausibility-warnings';

type PlausibilityWarningsPanelProps = {
  warnings: readonly PointWarning[];
  submitting: boolean;
  onSendAnyway: () => void;
  /** Focus moves to the heading when the warnings appear, so they are read out first. */
  headingRef: Ref<HTMLHeadingElement>;
};

const HEADING_ID = 'plausibility-warnings-heading';

/** Values that look implausible, per measurement point, and the 'Send alligevel' confirmation. */
export function PlausibilityWarningsPanel({
  warnings,
  submitting,
  onSendAnyway,
  headingRef,
}: PlausibilityWarningsPanelProps) {
  return (
    <section
      className="alert alert-warning mt-2"
      aria-labelledby={HEADING_ID}
      data-testid="plausibility-warnings"
    >
      <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="h5 alert-heading">
        {messages.plausibilityHeading}
      </h2>
      <p>{messages.plausibilityIntro}</p>
      <ul>
        {warnings.flatMap((point) =>
          point.texts.map((text) => (
            <li key={`${point.deviceItemId}-${text}`}>{messages.plausibilityPoint(point.name, text)}</li>
          )),
        )}
      </ul>
      <button
        type="button"
        className="btn btn-warning btn-lg w-100"
        onClick={onSendAnyway}
        disabled={submitting}
      >
        {messages.sendAnyway}
      </button>
    </section>
  );
}
