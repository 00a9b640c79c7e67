import 'react-day-picker/style.css';
import './date-picker-dialog.css';
import { MIN_READING_DATE } from '@maaler/contract';
import { format } from 'date-fns';
import Modal from 'react-bootstrap/Modal';
import { DayPicker } from 'react-day-picker';
import { da } from 'react-day-picker/locale/da';
import { DialogHeader } from '@/components/dialog-header';
import type { DialogVisibility } from '@/components/dialog-visibility';
import { readingReportMessages as messages } from '../messages';

const TITLE_ID = 'date-picker-title';

/** `YYYY-MM-DD` → that day at local midnight, as the calendar counts days. */
function localDate(iso: string): Date {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

type DatePickerDialogProps = DialogVisibility & {
  /** The chosen date, `YYYY-MM-DD`. */
  value: string;
  /** The latest date that may be chosen, `YYYY-MM-DD`. */
  todayIso: string;
  onSelect: (iso: string) => void;
};

/**
 * The calendar in a dialog (spec §5): Danish, weeks from Monday, no week numbers, only days from
 * MIN_READING_DATE up to today can be chosen. Focus starts on the chosen day, Escape closes.
 */
export function DatePickerDialog({ value, todayIso, onSelect, ...visibility }: DatePickerDialogProps) {
  const selected = value === '' ? undefined : localDate(value);
  const first = localDate(MIN_READING_DATE);
  const last = localDate(todayIso);
  return (
    <Modal
      {...visibility}
      restoreFocus={false}
      centered
      aria-labelledby={TITLE_ID}
      dialogClassName="date-picker-dialog"
      data-testid="date-picker-dialog"
    >
      <DialogHeader id={TITLE_ID}>{messages.calendarTitle}</DialogHeader>
      <Modal.Body className="d-flex justify-content-center px-2">
        <DayPicker
          mode="single"
          required
          selected={selected}
          onSelect={(date) => onSelect(format(date, 'yyyy-MM-dd'))}
          defaultMonth={selected ?? last}
          locale={da}
          weekStartsOn={1}
          showWeekNumber={false}
          showOutsideDays
          captionLayout="dropdown"
          startMonth={first}
          endMonth={last}
          disabled={[{ before: first }, { after: last }]}
          autoFocus
        />
      </Modal.Body>
    </Modal>
  );
}
