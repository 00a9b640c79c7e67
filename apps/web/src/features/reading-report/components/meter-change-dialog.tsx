import {
  type GuaranteedDevice,
  isValidReadingValue,
  type MeterChangeRequest,
  toUsDate,
} from '@maaler/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { readingReportMessages } from '../messages';
import { meterChangeDialogMessages as messages } from '../meter-change-messages';
import { DateField } from './date-field';

const TITLE_ID = 'meter-change-title';

type MeterChangeDialogProps = {
  meter: GuaranteedDevice;
  todayIso: string;
  sending: boolean;
  /** Why the last attempt failed (the server's Danish text). */
  error: string | null;
  onSave: (change: MeterChangeRequest) => void;
  onClose: () => void;
};

type Values = { date: string; serial: string; final: Record<number, string>; start: Record<number, string> };
type Errors = Partial<Record<string, string>>;

const finalId = (itemId: number) => `meter-change-final-${itemId}`;
const startId = (itemId: number) => `meter-change-start-${itemId}`;
const SERIAL_ID = 'meter-change-serial';
const DATE_ID = 'meter-change-date';

/** The Danish error of each field by its input id, in the order of the form; empty when all is well. */
function validate(meter: GuaranteedDevice, values: Values): Errors {
  const errors: Errors = {};
  if (values.date === '') errors[DATE_ID] = messages.dateRequired;
  const check = (id: string, value: string, required: string) => {
    if (value.trim() === '') errors[id] = required;
    else if (!isValidReadingValue(value.trim())) errors[id] = messages.valueInvalid;
  };
  for (const item of meter.DeviceItemList) {
    check(
      finalId(item.DeviceItemId),
      values.final[item.DeviceItemId] ?? '',
      messages.finalRequired(item.Name),
    );
  }
  if (values.serial.trim() === '') errors[SERIAL_ID] = messages.serialRequired;
  for (const item of meter.DeviceItemList) {
    check(
      startId(item.DeviceItemId),
      values.start[item.DeviceItemId] ?? '',
      messages.startRequired(item.Name),
    );
  }
  return errors;
}

/**
 * 'Målerskift' (ADR 019): on one date the old meter's final reading per point, the new meter's serial
 * number and its start reading per point. Values take a decimal comma, as in the reading form.
 */
export default function MeterChangeDialog({
  meter,
  todayIso,
  sending,
  error,
  onSave,
  onClose,
}: MeterChangeDialogProps) {
  const [values, setValues] = useState<Values>({ date: todayIso, serial: '', final: {}, start: {} });
  const [errors, setErrors] = useState<Errors>({});
  // Each refused submit moves the focus to the first field to fix, once its error is rendered.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  useEffect(() => {
    if (refusals === 0) return;
    const [firstInvalid] = Object.keys(errorsRef.current).filter((id) => errorsRef.current[id]);
    if (!firstInvalid) return;
    // The date's own input is read-only; its calendar button is what the user can act on.
    formRef.current
      ?.querySelector<HTMLElement>(firstInvalid === DATE_ID ? `#${DATE_ID} ~ button` : `#${firstInvalid}`)
      ?.focus();
  }, [refusals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is rendered in a portal but sits inside the reading form in React's tree: its submit
    // must not bubble there (the reading form would validate itself and take the focus).
    event.stopPropagation();
    const found = validate(meter, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    onSave({
      dateRecord: toUsDate(values.date),
      serialNumber: values.serial.trim(),
      points: meter.DeviceItemList.map((item) => ({
        deviceItemId: item.DeviceItemId,
        finalValue: (values.final[item.DeviceItemId] ?? '').trim(),
        startValue: (values.start[item.DeviceItemId] ?? '').trim(),
      })),
    });
  };

  const valueField = (kind: 'final' | 'start', item: GuaranteedDevice['DeviceItemList'][number]) => {
    const id = kind === 'final' ? finalId(item.DeviceItemId) : startId(item.DeviceItemId);
    const last =
      kind === 'final' && item.LastValue !== null
        ? readingReportMessages.lastReading(
            item.LastValue,
            item.LastDateValueFormatted,
            item.LastEstimated === true,
          )
        : undefined;
    return (
      <TextField
        key={id}
        id={id}
        label={
          kind === 'final'
            ? messages.finalReading(item.Name, item.Unit)
            : messages.startReading(item.Name, item.Unit)
        }
        inputMode="decimal"
        autoComplete="off"
        className="mb-3"
        hint={last}
        error={errors[id]}
        value={values[kind][item.DeviceItemId] ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [kind]: { ...current[kind], [item.DeviceItemId]: value } }));
          setErrors((current) => ({ ...current, [id]: undefined }));
        }}
      />
    );
  };

  return (
    <FormDialog
      titleId={TITLE_ID}
      title={messages.title}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={messages.cancel}
      submitLabel={messages.save}
      busy={sending}
      error={error}
      scrollable
      formRef={formRef}
    >
      <p>{messages.intro(meter.Name)}</p>
      <DateField
        id={DATE_ID}
        value={values.date}
        onChange={(date) => {
          setValues((current) => ({ ...current, date }));
          setErrors((current) => ({ ...current, [DATE_ID]: undefined }));
        }}
        todayIso={todayIso}
        error={errors[DATE_ID]}
      />
      <fieldset className="mb-2">
        <legend className="fs-6 fw-semibold">{messages.oldMeter}</legend>
        {meter.Serial && (
          <p className="small text-body-secondary">{readingReportMessages.serial(meter.Serial)}</p>
        )}
        {meter.DeviceItemList.map((item) => valueField('final', item))}
      </fieldset>
      <fieldset>
        <legend className="fs-6 fw-semibold">{messages.newMeter}</legend>
        <TextField
          id={SERIAL_ID}
          label={messages.serialNumber}
          autoComplete="off"
          autoCapitalize="characters"
          className="mb-3"
          error={errors[SERIAL_ID]}
          value={values.serial}
          onChange={(event) => {
            const serial = event.target.value;
            setValues((current) => ({ ...current, serial }));
            setErrors((current) => ({ ...current, [SERIAL_ID]: undefined }));
          }}
        />
        {meter.DeviceItemList.map((item) => valueField('start', item))}
      </fieldset>
    </FormDialog>
  );
}
