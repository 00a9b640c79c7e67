import { z } from 'zod/mini';
import { MAX_READING_FIELD_LENGTH, MAX_READINGS_PER_BATCH, MAX_RESET_TOKEN_LENGTH } from './constants.ts';
import { EmailField } from './fields.ts';
import { positiveId } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { ReadingPayload } from './readings.ts';

// The resident's self-reading link (issue 35, ADR 039): a public page that reads one meter for one
// period. Own file, so the pages that do not need it load nothing of it.

export const SELF_READING_MESSAGES = {
  /** Every refused link alike: unknown, expired, another meter's point. */
  linkInvalid: 'Linket er ugyldigt eller udløbet.',
  tokenRequired: 'Linket mangler sin kode',
  valuesRequired: 'Skriv en aflæsning',
  received: 'Tak – din aflæsning er modtaget',
  correctUntil: (date: string): string => `Du kan rette aflæsningen indtil ${date}`,
  serial: (serial: string): string => `Serienr. ${serial}`,
} as const;

/** Header that carries the link's token on GET (never the URL: logs and Referer headers keep those). */
export const SELF_READING_TOKEN_HEADER = 'x-self-reading-token';

const Token = z
  .string({ error: SELF_READING_MESSAGES.tokenRequired })
  .check(
    z.minLength(1, { error: SELF_READING_MESSAGES.tokenRequired }),
    z.maxLength(MAX_RESET_TOKEN_LENGTH, { error: SELF_READING_MESSAGES.linkInvalid }),
  );

export const SelfReadingTokenHeaders = z.object({ [SELF_READING_TOKEN_HEADER]: Token });

export const SelfReadingPoint = z.object({
  id: z.int(),
  name: z.string(),
  unit: z.string(),
  /** The value last sent through this link for the period, canonical (`1234.5`); null before. */
  value: z.nullable(z.string()),
});
export type SelfReadingPoint = z.infer<typeof SelfReadingPoint>;

/** Answer of GET /api/selfreading/link: what the page shows, and nothing beyond the one meter. */
export const SelfReadingLink = z.object({
  customerName: z.string(),
  locationName: z.string(),
  locationAddress: z.string(),
  meterName: z.string(),
  serialNumber: z.string(),
  /** `YYYY-MM-DD`: the last day the link takes values. */
  deadline: z.iso.date(),
  points: z.array(SelfReadingPoint),
  /** ISO instant of the last reading sent through the link; null before. */
  lastReadingAt: z.nullable(z.string()),
});
export type SelfReadingLink = z.infer<typeof SelfReadingLink>;

/**
 * Body of POST /api/selfreading/reading: the link's token and one value per point, and (issue 36) the
 * photo uploaded through the same link (PUT /api/selfreading/photo/{photoId}) and the resident's
 * `Bemærkning`, which go on every value as on the form's SEND.
 */
export const SelfReadingRequest = z.object({
  token: Token,
  values: z
    .array(
      z.object({
        deviceItemId: positiveId(MESSAGES.deviceItemInvalid),
        value: z
          .string({ error: MESSAGES.readingValueRequired })
          .check(z.maxLength(MAX_READING_FIELD_LENGTH, { error: MESSAGES.readingValueInvalid })),
      }),
      { error: SELF_READING_MESSAGES.valuesRequired },
    )
    .check(
      z.minLength(1, { error: SELF_READING_MESSAGES.valuesRequired }),
      z.maxLength(MAX_READINGS_PER_BATCH, { error: MESSAGES.readingsTooMany }),
    ),
  photoId: ReadingPayload.shape.photoId,
  note: ReadingPayload.shape.note,
});
export type SelfReadingRequest = z.infer<typeof SelfReadingRequest>;

/** Body of POST /api/admin/selfreading/link/{deviceId}/{accountId}: where the receipts go; null: nowhere. */
export const IssueSelfReadingLinkRequest = z.object({ recipientEmail: z.nullable(EmailField) });
export type IssueSelfReadingLinkRequest = z.infer<typeof IssueSelfReadingLinkRequest>;

/** A new self-reading link: its address (token in the fragment) and its last day. Shown once. */
export const IssuedSelfReadingLink = z.object({ url: z.string(), deadline: z.iso.date() });
export type IssuedSelfReadingLink = z.infer<typeof IssuedSelfReadingLink>;
