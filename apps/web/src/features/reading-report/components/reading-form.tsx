import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Controller } from 'react-hook-form';
import { HistoryButton } from '@/features/reading-history';
import { commonMessages, errorMessage } from '@/lib/messages';
import { useReadingForm } from '../hooks/use-reading-form';
import { readingReportMessages as messages } from '../messages';
import { DateField } from './date-field';
import { MeasurementField } from './measurement-field';
import { PlausibilityWarningsPanel } from './plausibility-warnings-panel';
import { SelectField } from './select-field';
import { SendButton } from './send-button';

/** The home form: account → location → meter, the date, one value per measurement point, SEND. */
export function ReadingForm() {
  const state = useReadingForm();
  const { form, gatewaysQuery, gateways, devices, device } = state;
  const {
    control,
    formState: { isValid },
  } = form;
  const loadingGateways = state.accountSwitching || gatewaysQuery.isLoading;
  const gatewaysLoaded = !loadingGateways && gatewaysQuery.isSuccess;

  return (
    <Form noValidate onSubmit={state.submit} aria-busy={state.submitting} className="reading-form">
      <Controller
        name="accountId"
        control={control}
        render={({ field, fieldState }) => (
          <SelectField
            id="reading-account"
            label={messages.account}
            ref={(element) => {
              field.ref(element);
              state.accountRef.current = element;
            }}
            value={field.value}
            onChange={state.chooseAccount}
            onBlur={field.onBlur}
            options={state.accounts.map((account) => ({ value: account.guid, label: account.name }))}
            disabled={state.accounts.length <= 1 || state.accountSwitching}
            error={fieldState.isTouched ? fieldState.error?.message : undefined}
          />
        )}
      />
      {gatewaysQuery.isError && !state.accountSwitching && (
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
          <span>{messages.failed(errorMessage(gatewaysQuery.error))}</span>
          <Button variant="outline-danger" onClick={() => void gatewaysQuery.refetch()}>
            {messages.retry}
          </Button>
        </Alert>
      )}
      <Controller
        name="gatewayId"
        control={control}
        render={({ field, fieldState }) => (
          <SelectField
            id="reading-location"
            label={messages.location}
            ref={field.ref}
            value={field.value}
            onChange={state.chooseLocation}
            onBlur={field.onBlur}
            placeholder={loadingGateways ? commonMessages.loading : messages.location}
            options={gateways.map((gateway) => ({ value: String(gateway.GatewayId), label: gateway.Name }))}
            disabled={gateways.length === 0}
            hint={gatewaysLoaded && gateways.length === 0 ? messages.noLocations : undefined}
            error={fieldState.isTouched ? fieldState.error?.message : undefined}
          />
        )}
      />
      <Controller
        name="deviceId"
        control={control}
        render={({ field, fieldState }) => (
          <SelectField
            id="reading-meter"
            label={messages.meter}
            ref={(element) => {
              field.ref(element);
              state.meterRef.current = element;
            }}
            value={field.value}
            onChange={state.chooseMeter}
            onBlur={field.onBlur}
            placeholder={messages.meter}
            options={devices.map((meter) => ({ value: String(meter.DeviceId), label: meter.Name }))}
            disabled={devices.length === 0}
            hint={state.gateway && devices.length === 0 ? messages.noMeters : undefined}
            error={fieldState.isTouched ? fieldState.error?.message : undefined}
          />
        )}
      />
      <Controller
        name="date"
        control={control}
        render={({ field, fieldState }) => (
          <DateField
            id="reading-date"
            value={field.value}
            onChange={field.onChange}
            todayIso={state.todayIso}
            error={fieldState.error?.message}
          />
        )}
      />
      {device && device.DeviceItemList.length === 0 && <p>{messages.noMeasurementPoints}</p>}
      {state.readingFields.map((reading, index) => {
        const item = device?.DeviceItemList.find(
          (candidate) => candidate.DeviceItemId === reading.deviceItemId,
        );
        const warning = state.warnings.find((point) => point.deviceItemId === reading.deviceItemId);
        return (
          item && (
            <MeasurementField
              key={reading.id}
              control={control}
              index={index}
              item={item}
              warning={warning?.texts.join(' ')}
            />
          )
        );
      })}
      {state.warnings.length > 0 && (
        <PlausibilityWarningsPanel
          warnings={state.warnings}
          submitting={state.submitting}
          onSendAnyway={() => void state.sendAnyway()}
          headingRef={state.warningsRef}
        />
      )}
      <SendButton ref={state.sendRef} ready={isValid} submitting={state.submitting} saving={state.saving} />
      {state.gateway && device && (
        <HistoryButton accountId={state.loadedAccountId} gateway={state.gateway} device={device} />
      )}
    </Form>
  );
}
