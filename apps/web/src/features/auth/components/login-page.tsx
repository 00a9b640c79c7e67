import { zodResolver } from '@hookform/resolvers/zod';
import { EmailField, LoginRequest } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/messages';
import { LoginRejectedError, useSignIn } from '../hooks/use-sign-in';
import { authMessages as messages } from '../messages';
import { readRememberedEmail } from '../remembered-email';

const LoginForm = z.object({
  email: EmailField,
  password: LoginRequest.shape.password,
  rememberme: z.boolean(),
});
type LoginForm = z.infer<typeof LoginForm>;

export function LoginPage() {
  const [rememberedEmail] = useState(readRememberedEmail);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    mode: 'onTouched',
    defaultValues: { email: rememberedEmail ?? '', password: '', rememberme: rememberedEmail !== null },
  });
  const signIn = useSignIn();

  const onSubmit = handleSubmit((credentials) => {
    signIn.mutate(credentials, {
      onError: (error) => {
        if (error instanceof LoginRejectedError) {
          setError('password', { type: 'server', message: '' }, { shouldFocus: true });
        }
      },
    });
  });

  const failure = signIn.error
    ? signIn.error instanceof LoginRejectedError
      ? signIn.error.message
      : errorMessage(signIn.error)
    : null;

  return (
    <CenteredPage title={messages.pageTitle}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <PageHeading>{messages.heading}</PageHeading>
          {failure !== null && (
            <Alert variant="danger" role="alert" id="login-error" data-testid="login-error">
              {failure}
            </Alert>
          )}
          <Form noValidate onSubmit={onSubmit} aria-busy={signIn.isPending}>
            <TextField
              id="login-email"
              label={messages.email}
              type="email"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              id="login-password"
              label={messages.password}
              type="password"
              autoComplete="current-password"
              error={errors.password?.type === 'server' ? undefined : errors.password?.message}
              invalid={errors.password !== undefined}
              aria-errormessage={errors.password?.type === 'server' ? 'login-error' : undefined}
              {...register('password')}
            />
            <Form.Check
              id="login-rememberme"
              className="mb-3"
              type="checkbox"
              label={messages.rememberMe}
              {...register('rememberme')}
            />
            <Button type="submit" variant="primary" className="w-100" disabled={signIn.isPending}>
              {signIn.isPending && (
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              {messages.submit}
              {signIn.isPending && <span className="visually-hidden"> – {messages.signingIn}</span>}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </CenteredPage>
  );
}
