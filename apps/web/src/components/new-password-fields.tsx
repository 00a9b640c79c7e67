import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest, MESSAGES } from '@maaler/contract';
import { type UseFormRegister, useForm } from 'react-hook-form';
import { TextField } from './text-field';

type NewPassword = Pick<ChangePasswordRequest, 'password' | 'passwordrepeat'>;

/**
 * The new password twice under the spec's password rule, checked as it is typed: the spec's
 * `Ny adgangskode` and the page a set-password link opens share it. A field's error shows once it was
 * touched or changed, or after a submit.
 */
export function useNewPasswordForm() {
  const form = useForm<NewPassword>({
    resolver: zodResolver(ChangePasswordRequest),
    mode: 'onChange',
    defaultValues: { password: '', passwordrepeat: '' },
  });
  const { errors, touchedFields, dirtyFields, isSubmitted } = form.formState;
  const shown = (field: keyof NewPassword) =>
    touchedFields[field] || dirtyFields[field] || isSubmitted ? errors[field]?.message : undefined;
  return { ...form, shown };
}

type NewPasswordFieldsProps = {
  /** Prefix of the two inputs' ids, unique on the page. */
  idPrefix: string;
  labels: { password: string; passwordRepeat: string };
  register: UseFormRegister<NewPassword>;
  shown: (field: keyof NewPassword) => string | undefined;
};

export function NewPasswordFields({ idPrefix, labels, register, shown }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={MESSAGES.passwordRule}
        error={shown('password')}
        {...register('password', { deps: 'passwordrepeat' })}
      />
      <TextField
        id={`${idPrefix}-password-repeat`}
        label={labels.passwordRepeat}
        type="password"
        autoComplete="new-password"
        error={shown('passwordrepeat')}
        {...register('passwordrepeat')}
      />
    </>
  );
}
