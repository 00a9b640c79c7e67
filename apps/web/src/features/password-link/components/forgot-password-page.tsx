import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordRequest } from '@maaler/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { BusySubmitButton } from '@/components/busy-submit-button';
import { OutcomeCardPage } from '@/components/outcome-card-page';
import { SIGN_IN_EMAIL_INPUT } from '@/components/sign-in-email';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/messages';
import { requestResetLink } from '../api/password-link';
import { useSubmission } from '../hooks/use-submission';
import { passwordLinkMessages as messages } from '../messages';

/** `Glemt adgangskode?`: asks for a link by e-mail; the answer never says whether the e-mail is known. */
export function ForgotPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const send = useSubmission(requestResetLink);

  return (
    <OutcomeCardPage
      title={messages.forgotHeading}
      status={send.data && <div className="alert alert-success">{send.data.Message}</div>}
      failure={send.error === null ? null : messages.notSent(errorMessage(send.error))}
    >
      {!send.data && (
        <>
          <p>{messages.forgotIntro}</p>
          <form noValidate onSubmit={handleSubmit((form) => send.submit(form))} aria-busy={send.isPending}>
            <TextField
              id="forgot-email"
              label={messages.email}
              {...SIGN_IN_EMAIL_INPUT}
              error={errors.email?.message}
              {...register('email')}
            />
            <BusySubmitButton busy={send.isPending} label={messages.send} busyLabel={messages.sending} />
          </form>
        </>
      )}
      <p className="mt-3 mb-0 text-center">
        <Link href={paths.login} className="tap-link">
          {messages.backToLogin}
        </Link>
      </p>
    </OutcomeCardPage>
  );
}
