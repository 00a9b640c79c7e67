import { EmailField } from '@maaler/contract';
import { z } from 'zod';
import { selectUserIdByEmail } from '../db/repositories/users.ts';
import { NotFoundError } from '../domain/errors.ts';
import { issueSelfReadingLink } from '../services/selfreading/self-reading-links.ts';
import type { Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { parseOptions, requireOption, validOption } from './parse-options.ts';

const IdOption = z.coerce.number().int().positive();

/** `selfreading:link`: prints the address of a new self-reading link (ADR 039); the token is shown once. */
export const selfReadingLink: Command = async (args, { db, print, now, links }) => {
  const options = parseOptions(args, {
    meter: { type: 'string' },
    by: { type: 'string' },
    email: { type: 'string' },
  });
  const deviceId = validOption(IdOption, requireOption(options.meter, 'meter'), 'meter');
  const byEmail = validOption(EmailField, requireOption(options.by, 'by'), 'by');
  const recipientEmail = options.email === undefined ? null : validOption(EmailField, options.email, 'email');
  const user = await selectUserIdByEmail(db, byEmail);
  if (!user) throw new CliError(`No user has the e-mail ${byEmail}`);
  try {
    const issued = await issueSelfReadingLink(
      { db, clock: { now }, publicUrl: links.publicUrl, deadlineDays: links.selfReadingDeadlineDays },
      { deviceId, recipientEmail, createdBy: user.id },
    );
    print(`Link to meter ${deviceId}, open until ${issued.deadline}:`);
    print(issued.url);
  } catch (error) {
    if (error instanceof NotFoundError) throw new CliError(`No meter in use has the id ${deviceId}`);
    throw error;
  }
};
