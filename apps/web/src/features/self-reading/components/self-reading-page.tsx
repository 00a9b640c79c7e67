import { type SelfReadingLink, toDanishDate, toWireValue } from '@maaler/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { BusySubmitButton } from '@/components/busy-submit-button';
import { OutcomeCardPage } from '@/components/outcome-card-page';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/http/api-client';
import { errorMessage } from '@/lib/messages';
import { useSubmission } from '../../password-link/hooks/use-submission';
import { openSelfReadingLink, sendSelfReading } from '../api/self-reading';
import { selfReadingMessages as messages } from '../messages';

/** The link's token, from the address's fragment (it never goes to a server with the page request). */
const tokenOfLocation = (): string => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** Every refusal of the link is the same 404: the page says so in its own words. */
const failureText = (error: unknown): string =>
  error instanceof ApiError && error.status === 404 ? messages.linkInvalid : errorMessage(error);

type Values = Record<number, string>;

const valuesOf = (link: SelfReadingLink): Values =>
  Object.fromEntries(
    link.points.map((point) => [point.id, point.value === null ? '' : toWireValue(point.value)]),
  );

/**
 * The public page a resident's self-reading link opens (ADR 039): the one meter, one field per
 * measurement point and SEND; no expected range (the server decides what goes to review). After a
 * send, and whenever the link has taken values, it says until when they can be corrected.
 */
export function SelfReadingPage() {
  const [token] = useState(tokenOfLocation);
  const [link, setLink] = useState<SelfReadingLink | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [values, setValues] = useState<Values>({});
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (token === '') return;
    openSelfReadingLink(token).then(
      (opened) => {
        setLink(opened);
        setValues(valuesOf(opened));
      },
      (error: unknown) => setLoadError(error),
    );
  }, [token]);

  const save = useSubmission(
    useCallback(
      async (entered: Values) => {
        const answer = await sendSelfReading({
          token,
          values: Object.entries(entered).map(([id, value]) => ({
            deviceItemId: Number(id),
            value: value.trim(),
          })),
        });
        setLink(answer);
        setValues(valuesOf(answer));
        return answer;
      },
      [token],
    ),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = Object.values(values).some((value) => value.trim() === '');
    setMissing(empty);
    if (!empty) save.submit(values);
  };

  const failure =
    loadError !== null
      ? failureText(loadError)
      : save.error
        ? messages.notSent(failureText(save.error))
        : null;

  return (
    <OutcomeCardPage
      title={messages.title}
      heading={messages.heading}
      status={
        <>
          {save.isSuccess && <div className="alert alert-success">{messages.received}</div>}
          {!link && token !== '' && loadError === null && <p>{messages.loading}</p>}
        </>
      }
      failure={failure}
    >
      {token === '' && (
        <div className="alert alert-warning" role="alert">
          {messages.missingLink}
        </div>
      )}
      {link && (
        <>
          <p className="mb-1 fw-semibold">{link.customerName}</p>
          <p className="mb-1">
            {link.locationName}
            {link.locationAddress &&
              link.locationAddress !== link.locationName &&
              `, ${link.locationAddress}`}
          </p>
          <p className="mb-1">{link.meterName}</p>
          <p className="mb-3">{messages.serial(link.serialNumber)}</p>
          {link.lastReadingAt !== null && (
            <p className="alert alert-info">{messages.correctUntil(toDanishDate(link.deadline))}</p>
          )}
          <form noValidate onSubmit={submit} aria-busy={save.isPending}>
            {link.points.map((point) => (
              <TextField
                key={point.id}
                id={`point-${point.id}`}
                label={messages.pointLabel(point.name, point.unit)}
                inputMode="decimal"
                autoComplete="off"
                value={values[point.id] ?? ''}
                error={missing && (values[point.id] ?? '').trim() === '' ? messages.valueRequired : undefined}
                onChange={(event) => setValues((current) => ({ ...current, [point.id]: event.target.value }))}
              />
            ))}
            <BusySubmitButton busy={save.isPending} label={messages.send} busyLabel={messages.sending} />
          </form>
        </>
      )}
    </OutcomeCardPage>
  );
}
