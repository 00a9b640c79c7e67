import { type SelfReadingLink, toDanishDate, toWireValue } from '@maaler/contract';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { BusySubmitButton } from '@/components/busy-submit-button';
import { OutcomeCardPage } from '@/components/outcome-card-page';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/http/api-client';
import { errorMessage } from '@/lib/messages';
import { useSubmission } from '../../password-link/hooks/use-submission';
import type { PhotoNoteControl } from '../../reading-report/photo/photo-note-control';
import { openSelfReadingLink, putSelfReadingPhoto, sendSelfReading } from '../api/self-reading';
import { selfReadingMessages as messages } from '../messages';
import { CodeEntry } from './code-entry';

/** The link's token, from the address's fragment (it never goes to a server with the page request). */
const tokenOfLocation = (): string => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** Every refusal of the link is the same 404: the page says so in its own words. */
const failureText = (error: unknown): string =>
  error instanceof ApiError && error.status === 404 ? messages.linkInvalid : errorMessage(error);

type Values = Record<number, string>;

// The form's own `Tag foto` and `Bemærkning` (issue 36), loaded once the link's meter is shown; a
// resident is offered a photo but never required one (ADR 045: no camera must not shut anyone out).
const PhotoNoteFields = lazy(() => import('../../reading-report/photo/photo-note-fields'));

const valuesOf = (link: SelfReadingLink): Values =>
  Object.fromEntries(
    link.points.map((point) => [point.id, point.value === null ? '' : toWireValue(point.value)]),
  );

/**
 * The public page a resident's self-reading link opens (ADR 039): the one meter, one field per
 * measurement point and SEND; no expected range (the server decides what goes to review). After a
 * send, and whenever the link has taken values, it says until when they can be corrected. Opened
 * without a link, it asks for the short code of a printed letter (ADR 043), which then stands in for
 * the link's token in every call.
 */
export function SelfReadingPage() {
  const [fromLocation] = useState(tokenOfLocation);
  // A new object per typed code, so the same code typed again after a refusal is tried again.
  const [typedCode, setTypedCode] = useState<{ code: string } | null>(null);
  const token = fromLocation === '' ? (typedCode?.code ?? '') : fromLocation;
  const [link, setLink] = useState<SelfReadingLink | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [values, setValues] = useState<Values>({});
  const [missing, setMissing] = useState(false);
  const photoNote = useRef<PhotoNoteControl | null>(null);

  useEffect(() => {
    const opening = fromLocation === '' ? (typedCode?.code ?? '') : fromLocation;
    if (opening === '') return;
    setLoadError(null);
    openSelfReadingLink(opening).then(
      (opened) => {
        setLink(opened);
        setValues(valuesOf(opened));
      },
      (error: unknown) => setLoadError(error),
    );
  }, [fromLocation, typedCode]);

  const save = useSubmission(
    useCallback(
      async (entered: Values) => {
        const evidence = photoNote.current?.evidence();
        // The photo first, under the device's id: a SEND tried again uploads it again harmlessly.
        if (evidence?.photo && evidence.wire.photoId) {
          await putSelfReadingPhoto(token, evidence.wire.photoId, evidence.photo);
        }
        const answer = await sendSelfReading({
          token,
          values: Object.entries(entered).map(([id, value]) => ({
            deviceItemId: Number(id),
            value: value.trim(),
          })),
          ...evidence?.wire,
        });
        photoNote.current?.clear();
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
    const evidenceReady = photoNote.current?.ready() ?? true;
    if (!empty && evidenceReady) save.submit(values);
  };

  const byCode = fromLocation === '';
  const codeRefused = byCode && loadError instanceof ApiError && loadError.status === 404;
  const failure =
    loadError !== null && !codeRefused
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
          {!link && token !== '' && loadError === null && !byCode && <p>{messages.loading}</p>}
        </>
      }
      failure={failure}
    >
      {byCode && !link && (
        <CodeEntry
          busy={token !== '' && loadError === null}
          refused={codeRefused}
          onCode={(code) => setTypedCode({ code })}
        />
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
            <Suspense fallback={null}>
              <PhotoNoteFields control={photoNote} required={false} />
            </Suspense>
            <BusySubmitButton busy={save.isPending} label={messages.send} busyLabel={messages.sending} />
          </form>
        </>
      )}
    </OutcomeCardPage>
  );
}
