import { isoDateInCopenhagen } from '@maaler/contract';
import { useMemo, useRef } from 'react';
import type { PhotoNoteControl } from '../photo/photo-note-control';
import { emptyReadingForm, readingFormErrors } from '../reading-form-rules';
import { registerFieldErrors, rolloverPoints } from '../register-refusals';
import { focusesFirstValueAfterPick } from '../value-focus-rules';
import { useFormFocus } from './use-form-focus';
import { initialAccountId, useLocationCascade } from './use-location-cascade';
import { useMeterHistory } from './use-meter-history';
import { useReadingFormState } from './use-reading-form-state';
import { useRouteMode } from './use-route-mode';
import { useSaveReadings } from './use-save-readings';

/**
 * The home form (spec §4), put together from its concerns: the values, the location cascade, where
 * the focus goes, the chosen meter's history, the save with its plausibility gate, and route mode
 * (issue 17). The errors are the form's rules over the values, with the register's hard rules
 * (ADR 020) judged against the chosen meter and its history, so they follow a new date or history too.
 */
export function useReadingForm() {
  const todayIso = isoDateInCopenhagen();
  const form = useReadingFormState(() => emptyReadingForm(initialAccountId(), todayIso));
  const focus = useFormFocus();
  const cascade = useLocationCascade(form, {
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
  const errors = useMemo(
    () => readingFormErrors(form.values, todayIso, registerFieldErrors(form.values, device, history)),
    [form.values, todayIso, device, history],
  );
  const rollovers = useMemo(
    () => rolloverPoints(form.values, device, history),
    [form.values, device, history],
  );
  const route = useRouteMode({
    accountId: cascade.loadedAccountId,
    chooseMeterAt: cascade.chooseMeterAt,
    focusFirstValue: focus.firstValue,
  });
  const photoNote = useRef<PhotoNoteControl | null>(null);
  const save = useSaveReadings(form, errors, gateway, device, {
    photoNote,
    loadHistory,
    onFailed: focus.afterFailedSave,
    onSaved: route.readingsSaved,
    onLocationRestored: (saved) => {
      if (!route.afterSave(saved)) focus.afterLocationRestored();
    },
    onWarned: focus.afterWarned,
    routeStep: { active: () => route.following, moveOnNow: route.moveOnNow },
  });

  /** A meter picked by hand (issue 33). */
  const chooseMeterByHand = (deviceId: string, { byKeyboard }: { byKeyboard: boolean }) => {
    cascade.chooseMeter(deviceId);
    if (focusesFirstValueAfterPick(deviceId, byKeyboard)) focus.firstValue();
  };

  return {
    form,
    errors,
    rollovers,
    todayIso,
    cascade,
    chooseMeterByHand,
    focusRefs: focus.refs,
    save,
    route,
    photoNote,
  };
}
