import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS, PASSWORD_RESET_TTL_MINUTES, SET_PASSWORD_PATH } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { customerIdsOf } from '../../db/repositories/access.ts';
import { selectLoginUser } from '../../db/repositories/auth-users.ts';
import {
  consumePasswordLink,
  insertPasswordLink,
  retirePasswordLinks,
} from '../../db/repositories/password-links.ts';
import { selectAdminUserById } from '../../db/repositories/user-lists.ts';
import type { Database, PasswordLinksTable } from '../../db/schema.ts';
import { invitationMail, type MailContent, passwordResetMail } from '../mail/mail-content.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { setPassword } from '../users/user-updates.ts';
import { isCommonPassword } from './common-passwords.ts';
import { unlockEmail } from './login-throttle.ts';

type Purpose = PasswordLinksTable['purpose'];

const LIFETIME_MS: Record<Purpose, number> = {
  reset: PASSWORD_RESET_TTL_MINUTES * 60_000,
  invitation: INVITATION_TTL_DAYS * 24 * 60 * 60_000,
};

/** 256 random bits, so a token cannot be guessed; only its SHA-256 is stored. */
const TOKEN_BYTES = 32;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type PasswordLinkDependencies = { db: Kysely<Database>; clock: Clock; publicUrl: string };

/** A new single-use link for the user, as the address to put in the e-mail. */
async function issueLink(deps: PasswordLinkDependencies, userId: string, purpose: Purpose): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = deps.clock.now();
  await insertPasswordLink(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    purpose,
    expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString(),
    created_at: now.toISOString(),
  });
  // In the fragment, so the token never reaches a server log or a Referer header.
  return `${deps.publicUrl}${SET_PASSWORD_PATH}#${token}`;
}

/** Issues a link of the purpose and writes the e-mail that carries it to the outbox. */
async function mailLink(
  deps: PasswordLinkDependencies,
  user: { id: string; email: string; name: string },
  purpose: Purpose,
  content: (name: string, url: string) => MailContent,
): Promise<void> {
  const url = await issueLink(deps, user.id, purpose);
  await enqueueMail(deps.db, {
    to: user.email,
    content: content(user.name, url),
    customerIds: await customerIdsOf(deps.db, user),
    now: deps.clock.now(),
  });
}

/**
 * `Glemt adgangskode?`: an e-mail with a reset link to a user who can sign in; nothing for an unknown,
 * disabled or role-less address. Answers whether a message was written, for the log only: the caller
 * must answer the same either way.
 */
export async function requestPasswordReset(deps: PasswordLinkDependencies, email: string): Promise<boolean> {
  const user = await selectLoginUser(deps.db, email);
  if (!user || user.disabled || user.role === null) return false;
  await mailLink(deps, user, 'reset', passwordResetMail);
  return true;
}

/** A new user's invitation with a link to choose the first password. */
export async function inviteUser(
  deps: PasswordLinkDependencies,
  user: { id: string; email: string; name: string },
): Promise<void> {
  await mailLink(deps, user, 'invitation', invitationMail);
}

export type LinkPasswordOutcome =
  | { kind: 'set'; userId: string; purpose: Purpose }
  | { kind: 'invalid' }
  | { kind: 'too-common' };

/**
 * Sets a new password through a link: the link is used up in the same statement that checks it, the
 * token version is bumped (every session and device credential of the user ends), the user's other
 * links end, and a lockout on the e-mail is lifted (whoever holds the mailbox is the user).
 */
export async function setPasswordWithLink(
  deps: Omit<PasswordLinkDependencies, 'publicUrl'>,
  request: { token: string; password: string },
): Promise<LinkPasswordOutcome> {
  if (isCommonPassword(request.password)) return { kind: 'too-common' };
  const now = deps.clock.now();
  const link = await consumePasswordLink(deps.db, hashToken(request.token), now);
  if (!link) return { kind: 'invalid' };
  const user = await selectAdminUserById(deps.db, link.userId);
  if (!user || user.disabled || user.role === null) return { kind: 'invalid' };
  await setPassword(deps.db, { userId: user.id, password: request.password, resetPassword: false, now });
  await retirePasswordLinks(deps.db, user.id, now);
  await unlockEmail(deps.db, user.email);
  return { kind: 'set', userId: user.id, purpose: link.purpose };
}
