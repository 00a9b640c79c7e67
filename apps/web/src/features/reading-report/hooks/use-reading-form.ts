import { zodResolver } from '@hookform/resolvers/zod';
import { isoDateInCopenhagen } from '@maaler/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  buildReadingFormSchema,
  emptyReadingForm,
  type ReadingFormValues,
  type ValidReadingForm,
} from '../reading-form-schema';
import { type RegisterContext, withRegisterRules } from './register-rules-resolver';
import { useFormFocus } from './use-form-focus';
import { initialAccountId, useLocationCascade } from './use-location-cascade';
import { useMeterHistory } from './use-meter-history';
import { useRouteMode } from './use-route-mode';
import { useSaveReadings } from './use-save-readings';

/**
 * The home form (spec §4), put together from its concerns: the location cascade, where the focus
 * goes, the chosen meter's history, the save with its plausibility gate, and route mode (issue 17).
 */
export function useReadingForm() {
  const todayIso = isoDateInCopenhagen();
  const schema = useMemo(() => buildReadingFormSchema(todayIso), [todayIso]);
  const [startAccountId] = useState(initialAccountId);
  // The resolver runs outside render; it reads the chosen meter and its cached history from here.
  const registerContext = useRef<() => RegisterContext>(() => ({ device: undefined, history: undefined }));
  const resolver = useMemo(
    () => withRegisterRules(zodResolver(schema), () => registerContext.current()),
    [schema],
  );
  const form = useForm<ReadingFormValues, unknown, ValidReadingForm>({
    resolver,
    mode: 'all',
    defaultValues: emptyReadingForm(startAccountId, todayIso),
  });
  const readings = useFieldArray({ control: form.control, name: 'readings' });
  const focus = useFormFocus();
  const cascade = useLocationCascade(form, readings, {
    todayIso,
    accountRef: focus.refs.account,
    afterAccountLoaded: focus.afterAccountLoaded,
  });
  const { gateway, device } = cascade;
  const { history, loadHistory } = useMeterHistory(
    cascade.loadedAccountId,
    cascade.gatewayId,
    cascade.deviceId,
    gateway !== undefined && device !== undefined,
  );
  registerContext.current = () => ({ device, history });
  // The values are judged against the date and the history too (ADR 020): when either changes, again.
  const date = form.watch('date');
  const { trigger, getValues } = form;
  useEffect(() => {
    if (date === '' && history === undefined) return;
    if (getValues('readings').some((reading) => reading.value !== '')) void trigger(['date', 'readings']);
  }, [date, history, trigger, getValues]);
  const route = useRouteMode({
    accountId: cascade.loadedAccountId,
    chooseMeterAt: cascade.chooseMeterAt,
    focusFirstValue: focus.firstValue,
  });
  const save = useSaveReadings(form, gateway, device, {
    loadHistory,
    onFailed: focus.afterFailedSave,
    onSaved: route.readingsSaved,
    onLocationRestored: (saved) => {
      if (!route.afterSave(saved)) focus.afterLocationRestored();
    },
    onWarned: focus.afterWarned,
  });

  return { form, todayIso, readingFields: readings.fields, cascade, focusRefs: focus.refs, save, route };
}
