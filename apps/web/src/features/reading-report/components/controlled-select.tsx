import type { Ref } from 'react';
import { type Control, Controller } from 'react-hook-form';
import type { ReadingFormValues } from '../reading-form-schema';
import { SelectField, type SelectFieldProps } from './select-field';

type ControlledSelectProps = Omit<SelectFieldProps, 'value' | 'onBlur' | 'error' | 'ref'> & {
  control: Control<ReadingFormValues>;
  name: 'accountId' | 'gatewayId' | 'deviceId';
  /** A ref of the form's own, next to the one react-hook-form keeps (to move the focus there). */
  selectRef?: Ref<HTMLSelectElement>;
};

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** One of the form's selects, bound to its field; its error shows once the user has been there. */
export function ControlledSelect({ control, name, selectRef, ...select }: ControlledSelectProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <SelectField
          {...select}
          ref={(element) => {
            field.ref(element);
            assignRef(selectRef, element);
          }}
          value={field.value}
          onBlur={field.onBlur}
          error={fieldState.isTouched ? fieldState.error?.message : undefined}
        />
      )}
    />
  );
}
