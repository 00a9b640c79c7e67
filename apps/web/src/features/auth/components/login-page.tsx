import { useState } from 'react';
import { Link } from 'wouter';
import { BusySubmitButton } from '@/components/busy-submit-button';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { SIGN_IN_EMAIL_INPUT } from '@/components/sign-in-email';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/messages';
import { useLoginForm } from '../hooks/use-login-form';
import { loadSignIn, useSignIn } from '../hooks/use-sign-in';
import { LoginRejectedError } from '../login-rejected-error';
import { authMessages as messages } from '../messages';
import { readRememberedEmail } from '../remembered-email';

/** Starts loading the sign-in code while the user types, so that it is there on submit. */
const preloadSignIn = () => void loadSignIn();

/**
 * The login screen in Bootstrap's own markup, without react-bootstrap or a form library: it is the
 * first screen most visits load, so its code is kept small (docs/performance.md).
 */
export function LoginPage() {
  const [rememberedEmail] = useState(readRememberedEmail);
  const form = useLoginForm({
    email: rememberedEmail ?? '',
    password: '',
    rememberme: rememberedEmail !== null,
  });
  const { errors } = form;
  const signIn = useSignIn();

  const onSubmit = form.handleSubmit((credentials) => {
    void signIn.signIn(credentials, (error) => {
      if (error instanceof LoginRejectedError) form.markPasswordRefused();
    });
  });

  const failure = signIn.error
    ? signIn.error instanceof LoginRejectedError
      ? signIn.error.message
      : errorMessage(signIn.error)
    : null;

  return (
    <CenteredPage title={messages.pageTitle}>
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <PageHeading>{messages.heading}</PageHeading>
          {failure !== null && (
            <div className="alert alert-danger" role="alert" id="login-error" data-testid="login-error">
              {failure}
            </div>
          )}
          <form noValidate onSubmit={onSubmit} onFocus={preloadSignIn} aria-busy={signIn.isPending}>
            <TextField
              id="login-email"
              label={messages.email}
              {...SIGN_IN_EMAIL_INPUT}
              error={errors.email?.message}
              {...form.field('email')}
            />
            <TextField
              id="login-password"
              label={messages.password}
              type="password"
              autoComplete="current-password"
              error={errors.password?.fromServer ? undefined : errors.password?.message}
              invalid={errors.password !== undefined}
              aria-errormessage={errors.password?.fromServer ? 'login-error' : undefined}
              {...form.field('password')}
            />
            <div className="form-check mb-3">
              <input type="checkbox" id="login-rememberme" className="form-check-input" {...form.checkbox} />
              <label className="form-check-label" htmlFor="login-rememberme">
                {messages.rememberMe}
              </label>
            </div>
            <BusySubmitButton
              busy={signIn.isPending}
              label={messages.submit}
              busyLabel={messages.signingIn}
            />
          </form>
          <p className="mt-3 mb-0 text-center">
            <Link href={paths.forgotPassword} className="tap-link">
              {messages.forgotPassword}
            </Link>
          </p>
        </div>
      </div>
    </CenteredPage>
  );
}
