import type { GuaranteedGatewayTree } from '@maaler/contract';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ReadingFormValues, ValidReadingForm } from '../reading-form-schema';
import { loadRegisterForm, saveRegisterForm } from '../register-form-draft';

type ReadingForm = UseFormReturn<ReadingFormValues, unknown, ValidReadingForm>;

/**
 * Keeps the form in session storage (`registerForm`), so that a page reload within the session
 * loses nothing: once the first gateways have loaded, the stored draft is restored as far as it
 * still fits them; from then on every change is saved. Returns whether the draft was restored.
 */
export function useRegisterFormDraft(
  form: ReadingForm,
  accountId: string,
  gateways: GuaranteedGatewayTree | undefined,
  todayIso: string,
): boolean {
  const [restored, setRestored] = useState(false);
  const { reset, setValue, watch, getValues } = form;

  useEffect(() => {
    if (restored || gateways === undefined) return;
    const draft = loadRegisterForm({ accountId, gateways, todayIso });
    reset(draft);
    // A value typed before the reload counts as touched, so an invalid one shows its error at once.
    draft.readings.forEach((reading, index) => {
      if (reading.value !== '') {
        setValue(`readings.${index}.value`, reading.value, { shouldTouch: true, shouldValidate: true });
      }
    });
    setRestored(true);
  }, [restored, gateways, accountId, todayIso, reset, setValue]);

  useEffect(() => {
    if (!restored) return;
    const subscription = watch(() => saveRegisterForm(getValues()));
    return () => subscription.unsubscribe();
  }, [restored, watch, getValues]);

  return restored;
}
