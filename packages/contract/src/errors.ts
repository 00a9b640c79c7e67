import { z } from 'zod/mini';

/** Body of every 4xx/5xx answer except the 406 of a rejected reading batch. */
export const ErrorResponse = z.object({ Message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Body of the 406 answer to a reading batch that failed business validation. */
export const ValidationErrorResponse = z.object({ validationError: z.string() });
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponse>;

export const SuccessResponse = z.object({ Success: z.boolean(), Message: z.string() });
export type SuccessResponse = z.infer<typeof SuccessResponse>;
