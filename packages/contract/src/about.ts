import { z } from 'zod/mini';

/**
 * GET /api/about (public, ADR 038): who runs this installation and whom to contact, as the operator
 * configured it, for the accessibility statement and the privacy page. A field the operator left
 * unset is null; the app then shows its own neutral text.
 */
export const AboutResponse = z.object({
  /** The organisation that runs the installation and is responsible for the data (`OPERATOR_NAME`). */
  operatorName: z.nullable(z.string()),
  /** How to reach the operator about personal data: e-mail, address or web form (`OPERATOR_CONTACT`). */
  operatorContact: z.nullable(z.string()),
  /** Written contact for accessibility feedback (`ACCESSIBILITY_CONTACT`). */
  accessibilityContact: z.nullable(z.string()),
  /** Telephone for accessibility feedback (`ACCESSIBILITY_PHONE`); Digitaliseringsstyrelsen asks for both. */
  accessibilityPhone: z.nullable(z.string()),
  /** How long the retention job keeps each kind of data (ADR 042), for the privacy page. */
  retention: z.object({
    /** Readings and the office's audit trail: years after the end of the calendar year they belong to. */
    readingsYears: z.number(),
    loginEventsDays: z.number(),
    disabledUserDays: z.number(),
    outboxDays: z.number(),
    selfReadingLinkDays: z.number(),
    photoDays: z.number(),
  }),
});
export type AboutResponse = z.infer<typeof AboutResponse>;
