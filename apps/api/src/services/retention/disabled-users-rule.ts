import {
  anonymiseUser,
  countUsersToAnonymise,
  selectUsersToAnonymise,
} from '../../db/repositories/retention.ts';
import { FORMER_USER_NAME } from './messages.ts';
import type { RetentionRule } from './retention-rule.ts';

/**
 * Never a deliverable address, unique per user (the column is unique) and telling what happened; the
 * `.invalid` top-level domain is reserved for exactly this (RFC 2606).
 */
const placeholderEmail = (userId: string): string => `tidligere-bruger-${userId}@anonymiseret.invalid`;

/**
 * Disabled users' personal data: name, e-mail and password hash replaced, credentials, set-password
 * links and their e-mails deleted. The user row stays with its id, so their readings, corrections and
 * events stay and name them `Tidligere bruger` wherever a name is shown.
 */
export const disabledUsersRule: RetentionRule = {
  kind: 'disabledUsers',
  countDue: (db, cutoffs) => countUsersToAnonymise(db, cutoffs.disabledBefore),
  async purgeBatch(db, cutoffs, limit, now) {
    let done = 0;
    for (const user of await selectUsersToAnonymise(db, cutoffs.disabledBefore, limit)) {
      const anonymised = await anonymiseUser(db, {
        id: user.id,
        email: user.email,
        name: FORMER_USER_NAME,
        placeholderEmail: placeholderEmail(user.id),
        now: now.toISOString(),
      });
      if (anonymised) done += 1;
    }
    return done;
  },
};
