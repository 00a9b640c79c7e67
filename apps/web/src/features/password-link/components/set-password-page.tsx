import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest, MESSAGES } from '@maaler/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { CenteredPage } from '@/components/centered-page';
import { PageHeading } from '@/components/page-heading';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/messages';
import { setPasswordWithLink } from '../api/password-link';
import { useSubmission } from '../hooks/use-submission';
import { passwordLinkMessages as messages } from '../messages';

/** The server's refusal (`Success: false`): a broken rule or a used or expired link. */
class LinkRefusedError extends Error {}

/** The link's token, from the address's fragment (it never goes to a server with the page request). */
const tokenOfLocation = (): string => decodeURIComponent(window.location.hash.replace(/^#/, ''));

type NewPassword = Pick<ChangePasswordRequest, 'password' | 'passwordrepeat'>;

/**
 * The page a reset or invitation link opens: the new password twice, under the spec's password
 * rule; on success the way to `/login`. Not signed in: the link is the proof.
 */
export function SetPasswordPage() {
  const [token] = useState(tokenOfLocation);
  const {
    register,
    handleSubmit,
    formState: { errors, touchedFields, dirtyFields, isSubmitted },
  } = useForm<NewPassword>({
    resolver: zodResolver(ChangePasswordRequest),
    mode: 'onChange',
    defaultValues: { password: '', passwordrepeat: '' },
  });
  const save = useSubmission(
    useCallback(
      async (form: NewPassword) => {
        const answer = await setPasswordWithLink({ token, ...form });
        if (!answer.Success) throw new LinkRefusedError(answer.Message);
      },
      [token],
    ),
  );
  const shown = (field: keyof NewPassword) =>
    touchedFields[field] || dirtyFields[field] || isSubmitted ? errors[field]?.message : undefined;
  const failure =
    save.error instanceof LinkRefusedError
      ? save.error.message
      : save.error
        ? errorMessage(save.error)
        : null;

  return (
    <CenteredPage title={messages.setHeading}>
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <PageHeading>{messages.setHeading}</PageHeading>
          <div role="status">
            {save.isSuccess && <div className="alert alert-success">{messages.saved}</div>}
          </div>
          {failure !== null && (
            <div className="alert alert-danger" role="alert">
              {messages.notSaved(failure)}
            </div>
          )}
          {token === '' && (
            <div className="alert alert-warning" role="alert">
              {messages.missingLink}
            </div>
          )}
          {save.isSuccess ? (
            <Link href={paths.login} className="btn btn-primary w-100">
              {messages.goToLogin}
            </Link>
          ) : (
            token !== '' && (
              <form
                noValidate
                onSubmit={handleSubmit((form) => save.submit(form))}
                aria-busy={save.isPending}
              >
                <TextField
                  id="link-password"
                  label={messages.password}
                  type="password"
                  autoComplete="new-password"
                  hint={MESSAGES.passwordRule}
                  error={shown('password')}
                  {...register('password', { deps: 'passwordrepeat' })}
                />
                <TextField
                  id="link-password-repeat"
                  label={messages.passwordRepeat}
                  type="password"
                  autoComplete="new-password"
                  error={shown('passwordrepeat')}
                  {...register('passwordrepeat')}
                />
                <button type="submit" className="btn btn-primary w-100" disabled={save.isPending}>
                  {save.isPending && (
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  )}
                  {messages.submit}
                  {save.isPending && <span className="visually-hidden"> – {messages.saving}</span>}
                </button>
              </form>
            )
          )}
          {!save.isSuccess && (
            <p className="mt-3 mb-0 text-center">
              <Link href={paths.forgotPassword}>{messages.askAgain}</Link>
            </p>
          )}
        </div>
      </div>
    </CenteredPage>
  );
}
