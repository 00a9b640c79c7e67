import { ESTIMATES_IN_A_ROW_SETTING, MAX_ESTIMATES_IN_A_ROW } from '@maaler/contract';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { useSaveStatusSetting } from './api/save-status-setting';
import { statusMessages as messages } from './status-messages';

const CHOICES = Array.from({ length: MAX_ESTIMATES_IN_A_ROW }, (_, index) => index + 1);

/**
 * `Estimater i træk`: how many periods in a row a point may be estimated before it must be read by
 * staff (issue 37), saved as soon as another number is chosen.
 */
export function EstimatesInARowSelect({ accountId, value }: { accountId: string; value: number }) {
  const save = useSaveStatusSetting(accountId);
  return (
    <Form.Group controlId="admin-estimates-in-a-row" className="mb-3">
      <Form.Label>{messages.estimatesInARow}</Form.Label>
      <Form.Select
        value={value}
        disabled={save.isPending}
        aria-describedby="admin-estimates-in-a-row-help"
        onChange={(event) => save.mutate({ key: ESTIMATES_IN_A_ROW_SETTING, value: event.target.value })}
      >
        {CHOICES.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </Form.Select>
      <p id="admin-estimates-in-a-row-help" className="form-text">
        {messages.estimatesInARowHelp}
      </p>
      <p role="status" className={save.isSuccess ? 'form-text' : 'visually-hidden'}>
        {save.isSuccess ? messages.estimatesInARowSaved : ''}
      </p>
      {save.isError && (
        <p role="alert" className="text-danger">
          {messages.estimatesInARowFailed(errorMessage(save.error))}
        </p>
      )}
    </Form.Group>
  );
}
