import type { GuaranteedDevice, GuaranteedHistoryList } from '@maaler/contract';
import { type FieldErrors, get, type Resolver, set } from 'react-hook-form';
import type { ReadingFormValues, ValidReadingForm } from '../reading-form-schema';
import { registerFieldErrors } from '../register-refusals';

type ReadingResolver = Resolver<ReadingFormValues, unknown, ValidReadingForm>;

/** The chosen meter and its history as the form knows them now. */
export type RegisterContext = {
  device: GuaranteedDevice | undefined;
  history: GuaranteedHistoryList | undefined;
};

/**
 * The schema's resolver with the hard rules of ADR 020 after it: a value the register cannot have is
 * the field's error like a malformed one, so SEND stays grey and the text shows once the field is
 * left. A field the schema already refuses keeps the schema's error.
 */
export function withRegisterRules(
  resolver: ReadingResolver,
  context: () => RegisterContext,
): ReadingResolver {
  return async (values, resolverContext, options) => {
    const result = await resolver(values, resolverContext, options);
    const { device, history } = context();
    const refusals = registerFieldErrors(values, device, history);
    if (refusals.size === 0) return result;
    const errors: FieldErrors<ReadingFormValues> = { ...result.errors };
    for (const [path, message] of refusals) {
      if (get(errors, path) === undefined) set(errors, path, { type: 'register', message });
    }
    return { values: {}, errors };
  };
}
