import type { GuaranteedGatewayTree } from '@maaler/contract';
import { useEffect, useState } from 'react';
import type { ReadingField } from '../reading-form-rules';
import { loadRegisterForm, saveRegisterForm } from '../register-form-draft';
import type { ReadingFormState } from './use-reading-form-state';

/**
 * Keeps the form in session storage (`registerForm`), so that a page reload within the session
 * loses nothing: once the first gateways have loaded, the stored draft is restored as far as it
 * still fits them; from then on every change is saved. Returns whether the draft was restored.
 */
export function useRegisterFormDraft(
  form: ReadingFormState,
  accountId: string,
  gateways: GuaranteedGatewayTree | undefined,
  todayIso: string,
): boolean {
  const [restored, setRestored] = useState(false);
  const { reset, values } = form;

  // Restored in the render that first has the gateways rather than in an effect after it, which
  // would render the whole form once more (issue 20 §3). React renders again at once, before
  // anything is shown.
  if (!restored && gateways !== undefined) {
    const draft = loadRegisterForm({ accountId, gateways, todayIso });
    // A value typed before the reload counts as visited, so an invalid one shows its error at once.
    const typed = draft.readings.flatMap((reading, index): ReadingField[] =>
      reading.value === '' ? [] : [`readings.${index}.value`],
    );
    setRestored(true);
    reset(draft, typed);
  }

  useEffect(() => {
    if (restored) saveRegisterForm(values);
  }, [restored, values]);

  return restored;
}
