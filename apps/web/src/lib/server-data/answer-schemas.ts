import { z } from '../zod';

// The schemas of the answers the home screen loads or sends for, in a chunk of their own that loads with
// the first answer (issue 40, ADR 055): building them at start-up was a large part of the screen's
// first render on a slow phone, and the first render shows the session's copies, which need none.
export {
  GuaranteedAccountDetail,
  GuaranteedAccountList,
  GuaranteedGatewayTree,
  GuaranteedHistoryList,
  GuaranteedReadingStatus,
  RegisterReadingsResponse,
} from '@maaler/contract';

/**
 * POST /api/gateway/skipreading: all the app relies on in the answer (ADR 012); loose, so this
 * server's `ResidentLinkSent` (ADR 044), beyond the contract, reaches the screens that say it.
 */
export const SkipAnswer = z.looseObject({ Success: z.literal(true) });
export type SkipAnswer = z.infer<typeof SkipAnswer>;
