import {
  type GatewayStatusCounts,
  isoDateInCopenhagen,
  type PeriodStatus,
  READING_PERIODS,
  ReadingPeriod,
} from '@maaler/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { usePeriodStatus } from '../api/period-status';
import { AdminSection } from '../components/admin-section';
import { PeriodSelect } from '../components/period-select';
import { administrationMessages as messages } from '../messages';
import { useSaveReadingPeriod } from './api/save-reading-period';
import { estimateMessages } from './estimate-messages';
import { MissingTable } from './missing-table';

const EstimatesDialog = lazy(() => import('./estimates-dialog'));

type PeriodStatusSectionProps = {
  accountId: string;
  periodDay: string | null;
  /** Any day of the period to show; null for the current one. */
  onPeriodChange: (day: string | null) => void;
};

function LocationBar({ gateway }: { gateway: GatewayStatusCounts }) {
  const { Read, Total } = gateway.Counts;
  const percent = Total === 0 ? 100 : Math.round((Read / Total) * 100);
  const text = messages.locationBar(gateway.Name, Read, Total);
  return (
    <li className="mb-2">
      <span aria-hidden="true">{text}</span>
      <div
        className="progress mt-1"
        role="progressbar"
        aria-label={text}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar bg-success" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

function Figures({ status }: { status: PeriodStatus }) {
  const { totals } = status;
  return (
    <>
      <p className="fw-semibold" data-testid="admin-progress">
        {messages.progress(totals.Read, totals.Total)}
      </p>
      <dl className="row mb-3">
        <dt className="col-6 col-sm-3">{messages.read}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Read}</dd>
        <dt className="col-6 col-sm-3">{messages.missing}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Missing}</dd>
        <dt className="col-6 col-sm-3">{messages.skipped}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Skipped}</dd>
        <dt className="col-6 col-sm-3">{messages.estimated}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Estimated}</dd>
      </dl>
      {status.skipReasons.length > 0 && (
        <>
          <h3 className="h6">{messages.reasonsHeading}</h3>
          <ul>
            {status.skipReasons.map((reason) => (
              <li key={reason.Reason}>
                {reason.Reason}: {reason.Count}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="h6">{messages.perLocationHeading}</h3>
      <ul className="list-unstyled">
        {status.gateways.map((gateway) => (
          <LocationBar key={gateway.GatewayId} gateway={gateway} />
        ))}
      </ul>
    </>
  );
}

function ReadingPeriodSelect({
  accountId,
  value,
  onSaved,
}: {
  accountId: string;
  value: ReadingPeriod;
  onSaved: () => void;
}) {
  const save = useSaveReadingPeriod(accountId);
  return (
    <Form.Group controlId="admin-reading-period" className="mb-3">
      <Form.Label>{messages.readingPeriod}</Form.Label>
      <Form.Select
        value={value}
        disabled={save.isPending}
        onChange={(event) => {
          const period = ReadingPeriod.safeParse(event.target.value);
          if (period.success) save.mutate(period.data, { onSuccess: onSaved });
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

/**
 * `Opret estimater` (ADR 021) for a period that has ended: the dialog with the proposals, loaded on
 * first use; afterwards the focus returns to the button and the status is read again.
 */
function CreateEstimates({
  accountId,
  status,
  onCreated,
}: {
  accountId: string;
  status: PeriodStatus;
  onCreated: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  if (status.period.end >= isoDateInCopenhagen()) return null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="mb-3">
      <Button
        ref={button}
        variant="outline-primary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setCreated('');
          setOpen(true);
        }}
      >
        {estimateMessages.open}
      </Button>
      <p role="status" className={created ? 'form-text' : 'visually-hidden'}>
        {created}
      </p>
      {open && (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <EstimatesDialog
            accountId={accountId}
            date={status.period.start}
            periodLabel={status.period.label}
            onCreated={(count) => {
              setCreated(estimateMessages.created(count));
              close();
              onCreated();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}

/** 'Status for perioden': what is read, missing and skipped in a period, per location, and what is missing. */
export function PeriodStatusSection({ accountId, periodDay, onPeriodChange }: PeriodStatusSectionProps) {
  const status = usePeriodStatus(accountId, periodDay);

  return (
    <AdminSection headingId="admin-status-heading" heading={messages.statusHeading} busy={status.isFetching}>
      {status.isPending && <p role="status">{messages.loading}</p>}
      {status.isError && (
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
          <span>{messages.failed(errorMessage(status.error))}</span>
          <Button variant="outline-danger" onClick={() => void status.refetch()}>
            {messages.retry}
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
          <PeriodSelect status={status.data} onPeriodChange={onPeriodChange} />
          <Figures status={status.data} />
          <CreateEstimates
            accountId={accountId}
            status={status.data}
            onCreated={() => void status.refetch()}
          />
          <h3 className="h6">{messages.missingHeading}</h3>
          <MissingTable key={`${accountId} ${status.data.period.start}`} status={status.data} />
        </>
      )}
    </AdminSection>
  );
}
