import type { SuccessResponse } from '@maaler/contract';

/**
 * The spec's `{ Success, Message }` answers: `Success: false` is a refusal whose Danish `Message` is
 * thrown, for the caller's error state; otherwise the `Message`, which some calls use to carry a value
 * (e.g. a temporary password).
 */
export function acceptedMessage(answer: SuccessResponse): string {
  if (!answer.Success) throw new Error(answer.Message);
  return answer.Message;
}
