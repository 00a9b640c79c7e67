import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { CenteredPage } from '@/components/centered-page';
import { NewPasswordFields, useNewPasswordForm } from '@/components/new-password-fields';
import { PageHeading } from '@/components/page-heading';
import { useSavePassword } from '../hooks/use-save-password';
import { resetPasswordMessages as messages } from '../messages';

export function ResetPasswordPage() {
  const {
    register,
    handleSubmit,
    shown,
    formState: { isValid },
  } = useNewPasswordForm();
  const save = useSavePassword();

  return (
    <CenteredPage title={messages.heading}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <PageHeading>{messages.heading}</PageHeading>
          <Form noValidate onSubmit={handleSubmit((form) => save.mutate(form))} aria-busy={save.isPending}>
            <NewPasswordFields idPrefix="new" labels={messages} register={register} shown={shown} />
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
