import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { usePeriodStatus } from '../api/period-status';
import { AdminSection } from '../components/admin-section';
import type { PeriodSectionProps } from '../components/period-section-props';
import { PeriodSelect } from '../components/period-select';
import { administrationMessages } from '../messages';
import { ControlToleranceField } from './control-tolerance-field';
import { CreateEstimates } from './create-estimates';
import { EstimatesInARowSelect } from './estimates-in-a-row-select';
import { MissingTable } from './missing-table';
import { PeriodFigures } from './period-figures';
import { PhotoRequiredSetting } from './photo-required-setting';
import { ReaderAssignments } from './reader-assignments';
import { ReadingPeriodSelect } from './reading-period-select';
import { statusMessages as messages } from './status-messages';

/** 'Status for perioden': what is read, missing and skipped in a period, per location, and what is missing. */
export function PeriodStatusSection({ accountId, periodDay, onPeriodChange }: PeriodSectionProps) {
  const status = usePeriodStatus(accountId, periodDay);

  return (
    <AdminSection headingId="admin-status-heading" heading={messages.heading} busy={status.isFetching}>
      {status.isPending && <p role="status">{administrationMessages.loading}</p>}
      {status.isError && (
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
          <span>{administrationMessages.failed(errorMessage(status.error))}</span>
          <Button variant="outline-danger" onClick={() => void status.refetch()}>
            {administrationMessages.retry}
          </Button>
        </Alert>
      )}
      {status.data && (
        <>
          <ReadingPeriodSelect
            accountId={accountId}
            value={status.data.readingPeriod}
            onSaved={() => onPeriodChange(null)}
          />
          <PhotoRequiredSetting
            key={accountId}
            accountId={accountId}
            value={status.data.photoRequired === true}
          />
          <PeriodSelect status={status.data} onPeriodChange={onPeriodChange} />
          <PeriodFigures status={status.data} />
          <CreateEstimates
            accountId={accountId}
            status={status.data}
            onCreated={() => void status.refetch()}
          />
          <EstimatesInARowSelect accountId={accountId} value={status.data.estimatesInARow} />
          <ControlToleranceField
            key={accountId}
            accountId={accountId}
            value={status.data.controlTolerancePercent ?? null}
          />
          <ReaderAssignments accountId={accountId} periodStart={status.data.period.start} />
          <h3 className="h6">{messages.missingHeading}</h3>
          <MissingTable key={`${accountId} ${status.data.period.start}`} status={status.data} />
        </>
      )}
    </AdminSection>
  );
}
