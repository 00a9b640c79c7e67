import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest, MESSAGES } from '@maaler/contract';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { TextField } from '@/components/text-field';
import { useSavePassword } from '../hooks/use-save-password';
import { resetPasswordMessages as messages } from '../messages';

export function ResetPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, touchedFields, dirtyFields, isSubmitted },
  } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequest),
    mode: 'onChange',
    defaultValues: { password: '', passwordrepeat: '' },
  });
  const save = useSavePassword();
  const shown = (field: keyof ChangePasswordRequest) =>
    touchedFields[field] || dirtyFields[field] || isSubmitted ? errors[field]?.message : undefined;

  return (
    <CenteredPage title={messages.heading}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <PageHeading>{messages.heading}</PageHeading>
          <Form noValidate onSubmit={handleSubmit((form) => save.mutate(form))} aria-busy={save.isPending}>
            <TextField
              id="new-password"
              label={messages.password}
              type="password"
              autoComplete="new-password"
              hint={MESSAGES.passwordRule}
              error={shown('password')}
              {...register('password', { deps: 'passwordrepeat' })}
            />
            <TextField
              id="new-password-repeat"
              label={messages.passwordRepeat}
              type="password"
              autoComplete="new-password"
              error={shown('passwordrepeat')}
              {...register('passwordrepeat')}
            />
            <Button type="submit" className="w-100" disabled={!isValid || save.isPending}>
              {save.isPending && (
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              {messages.submit}
              {save.isPending && <span className="visually-hidden"> – {messages.saving}</span>}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </CenteredPage>
  );
}
