import { READING_PERIOD_SETTING, READING_PERIODS, ReadingPeriod } from '@maaler/contract';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { useSaveStatusSetting } from './api/save-status-setting';
import { statusMessages as messages } from './status-messages';

/** `Aflæsningsperiode`: the account's reading period, saved as soon as another is chosen. */
export function ReadingPeriodSelect({
  accountId,
  value,
  onSaved,
}: {
  accountId: string;
  value: ReadingPeriod;
  onSaved: () => void;
}) {
  const save = useSaveStatusSetting(accountId);
  return (
    <Form.Group controlId="admin-reading-period" className="mb-3">
      <Form.Label>{messages.readingPeriod}</Form.Label>
      <Form.Select
        value={value}
        disabled={save.isPending}
        onChange={(event) => {
          const period = ReadingPeriod.safeParse(event.target.value);
          if (period.success)
            save.mutate({ key: READING_PERIOD_SETTING, value: period.data }, { onSuccess: onSaved });
        }}
      >
        {READING_PERIODS.map((period) => (
          <option key={period} value={period}>
            {messages.readingPeriods[period]}
          </option>
        ))}
      </Form.Select>
      <p role="status" className={save.isSuccess ? 'form-text' : 'visually-hidden'}>
        {save.isSuccess ? messages.readingPeriodSaved : ''}
      </p>
      {save.isError && (
        <p role="alert" className="text-danger">
          {messages.readingPeriodFailed(errorMessage(save.error))}
        </p>
      )}
    </Form.Group>
  );
}
