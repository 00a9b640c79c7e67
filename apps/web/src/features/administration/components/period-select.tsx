import type { PeriodStatus } from '@maaler/contract';
import Form from 'react-bootstrap/Form';
import { administrationMessages as messages } from '../messages';

/**
 * `Periode`: the periods the status answer offers. Status and export share the choice, so an export
 * is always of the period the administrator last looked at.
 */
export function PeriodSelect({
  status,
  onPeriodChange,
}: {
  /** The status answer's period and the periods it offers. */
  status: Pick<PeriodStatus, 'period' | 'periods'>;
  onPeriodChange: (day: string) => void;
}) {
  return (
    <Form.Group controlId="admin-period" className="mb-3">
      <Form.Label>{messages.period}</Form.Label>
      <Form.Select value={status.period.start} onChange={(event) => onPeriodChange(event.target.value)}>
        {status.periods.map((period) => (
          <option key={period.start} value={period.start}>
            {period.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
