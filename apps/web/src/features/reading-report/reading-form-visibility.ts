import type { ReadingField, ReadingFormErrors } from './reading-form-rules';

type Visibility = {
  errors: ReadingFormErrors;
  /** Whether the user has been in the field (or a save found it refused). */
  isTouched: (field: ReadingField) => boolean;
};

const CHOICES = ['accountId', 'gatewayId', 'deviceId'] as const;

/** A field's error as the form shows it: only once the user has been in the field. */
export function shownFieldError({ errors, isTouched }: Visibility, field: ReadingField): string | undefined {
  return isTouched(field) ? errors.get(field) : undefined;
}

/**
 * Whether the account → location → meter → date choices show. In route mode (issue 33) they fold into
 * one line the reader opens with a tap, but a choice with an error to fix is never folded away.
 */
export function isCascadeShown(
  form: Visibility,
  { routeLayout, opened }: { routeLayout: boolean; opened: boolean },
): boolean {
  return (
    !routeLayout ||
    opened ||
    form.errors.has('date') ||
    CHOICES.some((field) => shownFieldError(form, field) !== undefined)
  );
}
