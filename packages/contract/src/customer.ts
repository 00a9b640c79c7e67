import { z } from 'zod/mini';
import { MAX_GUID_LIST_LENGTH, MAX_NAME_LENGTH } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters, NameField } from './fields.ts';
import { Guid } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { splitGuidList } from './rules.ts';

/** A customer as listed by POST /api/customer/loadlistbyid and GET /api/customer/loadbyaccount/{accountId}. */
export const Customer = z.object({
  guid: Guid,
  name: z.string(),
  address: z.string(),
  postal: z.string(),
  town: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerList = z.array(Customer);
export type CustomerList = z.infer<typeof CustomerList>;

/**
 * Body of POST /api/customer/loadlistbyid: a JSON string (not an object) holding the session's
 * comma-separated customer guids, e.g. `"guid1,guid2"`. Split it with `splitGuidList`.
 */
export const CustomerListRequest = z.string({ error: MESSAGES.customerListInvalid }).check(
  z.maxLength(MAX_GUID_LIST_LENGTH, { error: MESSAGES.customerListInvalid }),
  z.refine((list) => splitGuidList(list).every((guid) => Guid.safeParse(guid).success), {
    error: MESSAGES.customerListInvalid,
  }),
);
export type CustomerListRequest = z.infer<typeof CustomerListRequest>;

function requiredText(message: string) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(MAX_NAME_LENGTH, { error: MESSAGES.textTooLong }),
      z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
    );
}

/** Body of POST /api/customer/savebyaccount/{accountId}. */
export const CustomerSaveRequest = z.object({
  name: NameField,
  address: requiredText(MESSAGES.addressRequired),
  postal: requiredText(MESSAGES.postalRequired),
  town: requiredText(MESSAGES.townRequired),
});
export type CustomerSaveRequest = z.infer<typeof CustomerSaveRequest>;
