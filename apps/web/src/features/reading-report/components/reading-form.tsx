import { toDanishDate } from '@maaler/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { DialogButtonPlace } from '@/components/dialog-button';
import { CUSTOMER_USER_ROLE } from '@/config/constants';
import { commonMessages, errorMessage } from '@/lib/messages';
import { useAuthStatus } from '@/lib/session/use-auth-status';
import { useReadingForm } from '../hooks/use-reading-form';
import { readingReportMessages as messages, routeMessages } from '../messages';
import { READING_FIELD_IDS } from '../reading-field-ids';
import type { ReadingField } from '../reading-form-rules';
import { isCascadeShown, shownFieldError } from '../reading-form-visibility';
import type { MeterRef } from '../route-status';
import { leftForDialog } from '../value-focus-rules';
import { AfterFirstPaint, afterPaint } from './after-first-paint';
import { DateField } from './date-field';
import { MeasurementField } from './measurement-field';
import { MeterHeader } from './meter-header';
import { PlausibilityWarningsPanel } from './plausibility-warnings-panel';
import {
  FindMeterButton,
  HistoryButton,
  loadRouteLayoutBar,
  MeterActions,
  MeterNotes,
  PhotoNotePart,
  preloadMeterParts,
  ReadingReasonField,
  RouteLayoutBar,
} from './reading-form-parts';
import { RouteButton } from './route-button';
import { SelectField } from './select-field';
import { SendButton } from './send-button';

const CASCADE_IDS = ['reading-cascade-account', 'reading-cascade'] as const;

// `Find måler`'s place while its code loads after the first paint: `Rute` beside it keeps its width.
const findMeterPlace = <DialogButtonPlace label={routeMessages.findMeter} />;

/** A field's note before sending: the register going round first, then the plausibility warnings. */
const warningText = (rollover: boolean, warnings: readonly string[] = []) =>
  [...(rollover ? [messages.rollover] : []), ...warnings].join(' ') || undefined;

/**
 * The home form: account → location → meter, the date, one value per measurement point, SEND. In
 * route mode (issue 33) the cascade is one line that opens on a tap, the meter and its values come
 * first, and SEND stays in view above the on-screen keypad.
 */
export function ReadingForm() {
  const { form, errors, rollovers, todayIso, cascade, chooseMeterByHand, focusRefs, save, route, photoNote } =
    useReadingForm();
  const { gatewaysQuery, gateways, devices, device } = cascade;
  const visibility = { errors, isTouched: form.isTouched };
  const shownError = (field: ReadingField) => shownFieldError(visibility, field);
  const choice = (field: 'accountId' | 'gatewayId' | 'deviceId') => ({
    id: READING_FIELD_IDS[field],
    value: form.values[field],
    onBlur: () => form.touch(field),
    error: shownError(field),
  });
  const gatewaysLoaded = !cascade.loadingGateways && gatewaysQuery.isSuccess;
  // A resident (role 2) reads the meter, not the hint, and has no route to walk (issue 33 §7).
  const resident = useAuthStatus((status) => status.role === CUSTOMER_USER_ROLE);
  const routeLayout = route.following && device !== undefined;
  const [cascadeOpen, setCascadeOpen] = useState(false);
  // `Flere valg` loads its fields only once opened: the form is part of the first load.
  const [moreOpen, setMoreOpen] = useState(false);
  const cascadeShown = isCascadeShown(visibility, { routeLayout, opened: cascadeOpen });
  // Whether the meter select was last worked with the keys (arrows change it at each press).
  const meterByKeyboard = useRef(false);
  // Whether the last press in the form was a tap or click rather than a key.
  const lastPressByPointer = useRef(false);
  useEffect(() => {
    if (route.following) void loadRouteLayoutBar();
  }, [route.following]);
  // The code of the parts beside the cascade loads once the cascade is painted (issue 40).
  useEffect(() => afterPaint(preloadMeterParts), []);
  // After a meter change the form takes the new meter once the refreshed tree has it.
  const [replacement, setReplacement] = useState<MeterRef | null>(null);
  useEffect(() => {
    if (!replacement) return;
    const meter = gateways
      .find((candidate) => candidate.GatewayId === replacement.gatewayId)
      ?.DeviceList.find((candidate) => candidate.DeviceId === replacement.deviceId);
    if (!meter) return;
    setReplacement(null);
    route.found(replacement, meter.Name);
  }, [replacement, gateways, route]);

  // In route mode the meter's values come right under its name (issue 33); its notes follow them.
  const meterNotes = device && (
    <Suspense fallback={null}>
      <MeterNotes location={cascade.gateway} meter={device} />
    </Suspense>
  );

  return (
    <form
      noValidate
      onSubmit={save.submit}
      onPointerDownCapture={() => {
        lastPressByPointer.current = true;
      }}
      onKeyDownCapture={() => {
        lastPressByPointer.current = false;
      }}
      aria-busy={save.submitting}
      className={routeLayout ? 'reading-form reading-form-route' : 'reading-form'}
    >
      {routeLayout && (
        <Suspense fallback={null}>
          <RouteLayoutBar
            location={cascade.gateway?.Name ?? ''}
            meter={device.Name}
            date={form.values.date ? toDanishDate(form.values.date) : ''}
            expanded={cascadeShown}
            onToggle={() => setCascadeOpen((open) => !open)}
            controls={CASCADE_IDS.join(' ')}
          />
        </Suspense>
      )}
      <div id={CASCADE_IDS[0]} hidden={!cascadeShown}>
        <SelectField
          {...choice('accountId')}
          label={messages.account}
          ref={focusRefs.account}
          onChange={cascade.chooseAccount}
          options={cascade.accounts.map((account) => ({ value: account.guid, label: account.name }))}
          disabled={cascade.accounts.length <= 1 || cascade.switching}
        />
      </div>
      <p
        role="status"
        className={route.announcement ? 'fw-semibold mb-3' : 'visually-hidden'}
        data-testid="route-announcement"
      >
        {route.announcement}
      </p>
      {gatewaysQuery.isError && !cascade.switching && (
        <div
          role="alert"
          className="alert alert-danger d-flex align-items-center justify-content-between gap-3"
        >
          <span>{messages.failed(errorMessage(gatewaysQuery.error))}</span>
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => void gatewaysQuery.refetch()}
          >
            {messages.retry}
          </button>
        </div>
      )}
      <div id={CASCADE_IDS[1]} hidden={!cascadeShown}>
        <SelectField
          {...choice('gatewayId')}
          label={messages.location}
          onChange={cascade.chooseLocation}
          placeholder={cascade.loadingGateways ? commonMessages.loading : messages.location}
          options={gateways.map((gateway) => ({ value: String(gateway.GatewayId), label: gateway.Name }))}
          disabled={gateways.length === 0}
          hint={gatewaysLoaded && gateways.length === 0 ? messages.noLocations : undefined}
        />
        <div
          onKeyDownCapture={() => {
            meterByKeyboard.current = true;
          }}
          onPointerDownCapture={() => {
            meterByKeyboard.current = false;
          }}
        >
          <SelectField
            {...choice('deviceId')}
            label={messages.meter}
            ref={focusRefs.meter}
            onChange={(id) => chooseMeterByHand(id, { byKeyboard: meterByKeyboard.current })}
            placeholder={messages.meter}
            options={devices.map((meter) => ({ value: String(meter.DeviceId), label: meter.Name }))}
            disabled={devices.length === 0}
            hint={cascade.gateway && devices.length === 0 ? messages.noMeters : undefined}
          />
        </div>
        <DateField
          id={READING_FIELD_IDS.date}
          value={form.values.date}
          onChange={(date) => form.change({ date })}
          todayIso={todayIso}
          error={errors.get('date')}
        />
      </div>
      {device && (
        <MeterHeader name={device.Name} serial={device.Serial} className={routeLayout ? 'mb-2' : 'mb-3'} />
      )}
      {device && !routeLayout && meterNotes}
      {device && device.DeviceItemList.length === 0 && <p>{messages.noMeasurementPoints}</p>}
      {form.values.readings.map((reading, index) => {
        const item = device?.DeviceItemList.find(
          (candidate) => candidate.DeviceItemId === reading.deviceItemId,
        );
        const warning = save.warnings.find((point) => point.deviceItemId === reading.deviceItemId);
        const field = `readings.${index}.value` as const;
        return (
          item && (
            <MeasurementField
              key={reading.deviceItemId}
              item={item}
              value={reading.value}
              onChange={(value) => form.setReadingValue(index, value)}
              onBlur={(event) => {
                if (!leftForDialog(event.relatedTarget, lastPressByPointer.current)) form.touch(field);
              }}
              error={shownError(field)}
              warning={warningText(rollovers.has(reading.deviceItemId), warning?.texts)}
              expectedOnceTyped={resident}
            />
          )
        );
      })}
      {device && routeLayout && meterNotes}
      {device && device.DeviceItemList.length > 0 && (
        <details className="mb-3" onToggle={(event) => setMoreOpen(event.currentTarget.open)}>
          <summary>{messages.moreChoices}</summary>
          {moreOpen && (
            <Suspense fallback={null}>
              <ReadingReasonField value={form.values.reason} onChange={(reason) => form.change({ reason })} />
            </Suspense>
          )}
        </details>
      )}
      {save.warnings.length > 0 && (
        <PlausibilityWarningsPanel
          warnings={save.warnings}
          submitting={save.submitting}
          onSendAnyway={() => void save.sendAnyway()}
          headingRef={focusRefs.warnings}
        />
      )}
      {device && device.DeviceItemList.length > 0 && (
        <Suspense fallback={<div className="photo-note-placeholder mb-3" aria-hidden="true" />}>
          <PhotoNotePart
            key={`${cascade.gatewayId}|${device.DeviceId}`}
            accountId={cascade.loadedAccountId}
            control={photoNote}
          />
        </Suspense>
      )}
      <div className="send-bar">
        <SendButton
          ref={focusRefs.send}
          ready={errors.size === 0}
          submitting={save.submitting}
          saving={save.saving}
        />
      </div>
      {cascade.gateway && device && (
        <Suspense fallback={null}>
          <HistoryButton accountId={cascade.loadedAccountId} gateway={cascade.gateway} device={device} />
        </Suspense>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        {!resident && (
          <RouteButton
            accountId={cascade.loadedAccountId}
            route={route}
            disabled={cascade.loadingGateways || !gatewaysQuery.isSuccess}
          />
        )}
        {!resident && (
          <AfterFirstPaint place={findMeterPlace}>
            <Suspense fallback={findMeterPlace}>
              <FindMeterButton
                accountId={cascade.loadedAccountId}
                disabled={cascade.loadingGateways || !gatewaysQuery.isSuccess}
                onFound={(meter) =>
                  route.found({ gatewayId: meter.GatewayId, deviceId: meter.DeviceId }, meter.DeviceName)
                }
              />
            </Suspense>
          </AfterFirstPaint>
        )}
        {cascade.gateway && device && (
          <Suspense fallback={null}>
            <MeterActions
              accountId={cascade.loadedAccountId}
              gatewayId={cascade.gateway.GatewayId}
              device={device}
              todayIso={todayIso}
              resident={resident}
              onSkipped={route.skipped}
              onChanged={setReplacement}
            />
          </Suspense>
        )}
      </div>
    </form>
  );
}
