import { z } from 'zod/mini';
import { MAX_RESET_TOKEN_LENGTH } from './constants.ts';
import { EmailField, NewPasswordField, PasswordRepeatField } from './fields.ts';
import { MESSAGES } from './messages.ts';

// Issue 35, first increment (ADR 037): `Glemt adgangskode?`, the set-password link of resets and
// invitations, and the administrators' `Udsendte e-mails`. Own file, so the sign-in screen loads little.

export const MAIL_MESSAGES = {
  /** The one answer to a reset request, whether the e-mail belongs to a user or not. */
  resetRequested:
    'Hvis e-mailadressen hører til en bruger, har vi sendt en e-mail med et link til at vælge en ny adgangskode. Linket virker i en time.',
  /** Every refused link alike: unknown, used or expired. */
  resetLinkInvalid: 'Linket er ugyldigt eller udløbet. Bed om et nyt under Glemt adgangskode?.',
  tokenRequired: 'Linket mangler sin kode',
} as const;

/** Body of POST /api/authenticate/forgotpassword. */
export const ForgotPasswordRequest = z.object({ email: EmailField });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** Answer of forgotpassword: always the same, so it tells nobody whether an e-mail is in use. */
export const ForgotPasswordResponse = z.object({ Success: z.literal(true), Message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** Body of POST /api/authenticate/setpassword: the link's token and the new password twice. */
export const SetPasswordRequest = z
  .object({
    token: z
      .string({ error: MAIL_MESSAGES.tokenRequired })
      .check(
        z.minLength(1, { error: MAIL_MESSAGES.tokenRequired }),
        z.maxLength(MAX_RESET_TOKEN_LENGTH, { error: MAIL_MESSAGES.resetLinkInvalid }),
      ),
    password: NewPasswordField,
    passwordrepeat: PasswordRepeatField,
  })
  .check(
    z.refine((value) => value.password === value.passwordrepeat, {
      error: MESSAGES.passwordMismatch,
      path: ['passwordrepeat'],
    }),
  );
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;

/** Answer of setpassword: `Success: false` with the Danish reason, as for changepassword. */
export const SetPasswordResponse = z.object({ Success: z.boolean(), Message: z.string() });
export type SetPasswordResponse = z.infer<typeof SetPasswordResponse>;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export const OutboxStatus = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

/** One message of `Udsendte e-mails` in the list. */
export const OutboxMessageSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: OutboxStatus,
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  attempts: z.int().check(z.nonnegative()),
});
export type OutboxMessageSummary = z.infer<typeof OutboxMessageSummary>;

/** GET /api/admin/emails: one page of the customer's messages, newest first. */
export const OutboxPage = z.object({
  messages: z.array(OutboxMessageSummary),
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive()),
});
export type OutboxPage = z.infer<typeof OutboxPage>;

/** GET /api/admin/emails/{id}: the message with its plain text (links included) and last error. */
export const OutboxMessage = z.extend(OutboxMessageSummary, {
  text: z.string(),
  lastError: z.nullable(z.string()),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = z.object({
  page: z.optional(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,5}$/)), z.coerce.number<string>().check(z.int())),
  ),
});
export type OutboxQuery = z.input<typeof OutboxQuery>;

export const OutboxMessageParams = z.object({ id: z.uuid() });
