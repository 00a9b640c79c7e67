import { toDanishDate } from '@maaler/contract';
import { lazy, Suspense } from 'react';
import { useDialogOpener } from '@/components/dialog-visibility';
import { LineIcon } from '@/components/line-icon';
import { readingReportMessages as messages } from '../messages';

// The calendar (react-day-picker, date-fns) loads when it is first opened, not with the screen.
const DatePickerDialog = lazy(() =>
  import('./date-picker-dialog').then((module) => ({ default: module.DatePickerDialog })),
);

type DateFieldProps = {
  id: string;
  /** `YYYY-MM-DD`. */
  value: string;
  onChange: (iso: string) => void;
  /** The latest date that may be chosen, `YYYY-MM-DD`. */
  todayIso: string;
  error?: string | undefined;
};

function CalendarIcon() {
  return (
    <LineIcon size={22}>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </LineIcon>
  );
}

/** The reading date: a read-only DD-MM-YYYY field and a button that opens the calendar. */
export function DateField({ id, value, onChange, todayIso, error }: DateFieldProps) {
  const { opened, show, button, visibility } = useDialogOpener();
  const errorId = `${id}-error`;
  const formatId = `${id}-format`;

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {messages.date}
      </label>
      <div className="input-group input-group-lg has-validation">
        <input
          id={id}
          type="text"
          className={`form-control${error ? ' is-invalid' : ''}`}
          readOnly
          value={value === '' ? '' : toDanishDate(value)}
          onClick={show}
          aria-invalid={Boolean(error)}
          aria-describedby={[formatId, error ? errorId : null].filter(Boolean).join(' ')}
        />
        <button
          type="button"
          className="btn btn-outline-primary"
          {...button}
          aria-label={messages.chooseDate}
          title={messages.chooseDate}
        >
          <CalendarIcon />
        </button>
        <div className="invalid-feedback" id={errorId} role="alert">
          {error}
        </div>
      </div>
      <small id={formatId} className="form-text visually-hidden">
        {messages.dateFormatHint}
      </small>
      {opened && (
        <Suspense fallback={null}>
          <DatePickerDialog
            {...visibility}
            value={value}
            todayIso={todayIso}
            onSelect={(iso) => {
              onChange(iso);
              visibility.onHide();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
