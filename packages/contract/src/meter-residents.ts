import { z } from 'zod/mini';
import { MAX_EMAIL_LENGTH, MAX_RESIDENT_NAME_LENGTH, MAX_RESIDENT_PHONE_LENGTH } from './constants.ts';
import { hasNoControlCharacters } from './fields.ts';
import { EMAIL_PATTERN } from './rules.ts';

// Residents' contacts per meter (issue 35, ADR 039): `Beboer`, `Beboer e-mail`, `Beboer telefon`.
// Personal data, shown to administrators (role 1) only. Every field may be empty: empty clears it.

export const RESIDENT_ERRORS = {
  nameInvalid: `Beboerens navn må højst være på ${MAX_RESIDENT_NAME_LENGTH} tegn og ingen styretegn indeholde`,
  emailInvalid: 'Beboerens e-mail er ikke en gyldig e-mailadresse',
  phoneInvalid: `Beboerens telefon må kun indeholde cifre, mellemrum og +, højst ${MAX_RESIDENT_PHONE_LENGTH} tegn`,
} as const;

const PHONE_PATTERN = new RegExp(`^[0-9+ ]{0,${MAX_RESIDENT_PHONE_LENGTH}}$`);

/** The rules on trimmed text, shared by the Målere calls and the meters import. */
export const isResidentName = (name: string): boolean =>
  name.length <= MAX_RESIDENT_NAME_LENGTH && hasNoControlCharacters(name);
export const isResidentEmail = (email: string): boolean =>
  email === '' || (email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email));
export const isResidentPhone = (phone: string): boolean => PHONE_PATTERN.test(phone);

export const ResidentName = z
  .string({ error: RESIDENT_ERRORS.nameInvalid })
  .check(z.trim(), z.refine(isResidentName, { error: RESIDENT_ERRORS.nameInvalid }));

/** Lower-cased like every stored e-mail. */
export const ResidentEmail = z
  .string({ error: RESIDENT_ERRORS.emailInvalid })
  .check(z.trim(), z.toLowerCase(), z.refine(isResidentEmail, { error: RESIDENT_ERRORS.emailInvalid }));

export const ResidentPhone = z
  .string({ error: RESIDENT_ERRORS.phoneInvalid })
  .check(z.trim(), z.refine(isResidentPhone, { error: RESIDENT_ERRORS.phoneInvalid }));
