import type { ChangePasswordRequest } from '@maaler/contract';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { BusySubmitButton } from '@/components/busy-submit-button';
import { NewPasswordFields, useNewPasswordForm } from '@/components/new-password-fields';
import { OutcomeCardPage } from '@/components/outcome-card-page';
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
  const { register, handleSubmit, shown } = useNewPasswordForm();
  const save = useSubmission(
    useCallback(
      async (form: NewPassword) => {
        const answer = await setPasswordWithLink({ token, ...form });
        if (!answer.Success) throw new LinkRefusedError(answer.Message);
      },
      [token],
    ),
  );
  const failure =
    save.error instanceof LinkRefusedError
      ? save.error.message
      : save.error
        ? errorMessage(save.error)
        : null;

  return (
    <OutcomeCardPage
      title={messages.setHeading}
      status={save.isSuccess && <div className="alert alert-success">{messages.saved}</div>}
      failure={failure === null ? null : messages.notSaved(failure)}
    >
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
          <form noValidate onSubmit={handleSubmit((form) => save.submit(form))} aria-busy={save.isPending}>
            <NewPasswordFields idPrefix="link" labels={messages} register={register} shown={shown} />
            <BusySubmitButton busy={save.isPending} label={messages.submit} busyLabel={messages.saving} />
          </form>
        )
      )}
      {!save.isSuccess && (
        <p className="mt-3 mb-0 text-center">
          <Link href={paths.forgotPassword} className="tap-link">
            {messages.askAgain}
          </Link>
        </p>
      )}
    </OutcomeCardPage>
  );
}
