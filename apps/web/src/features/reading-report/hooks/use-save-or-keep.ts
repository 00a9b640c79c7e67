import type { GuaranteedDevice, GuaranteedGateway } from '@maaler/contract';
import { requestSendNow } from '@/lib/device/reading-queue/background-sync';
import { newRandomId } from '@/lib/random-id';
import { useRegisterReadings } from '../api/register-readings';
import type { ValidReadingForm } from '../reading-form-rules';
import { keepFirst } from '../save/keep-first';
import { readingSendOfForm } from '../save/reading-send-of-form';
import { type SaveOutcome, sendOrKeep } from '../save/send-or-keep';

/** The SEND's photo and note (issue 36): `photoId`/`note` for the wire, and the photo's bytes. */
export type SendEvidence = {
  wire: { photoId?: string; note?: string; followUp?: boolean };
  photo: Blob | undefined;
};

const NO_EVIDENCE: SendEvidence = { wire: {}, photo: undefined };

/**
 * The form's readings as one SEND, sent with a new key, or kept on the device under that key when
 * there is no connection to send them over (`sendOrKeep`); `saving` while the request runs. In route
 * mode (`keepFirst`, ADR 054) they are kept on the device first and sent from there.
 */
export function useSaveOrKeep(gateway: GuaranteedGateway | undefined, device: GuaranteedDevice | undefined) {
  const registerReadings = useRegisterReadings();

  /** `confirmed`: the points sent despite a plausibility warning; `evidence`: the photo and note. */
  const saveOrKeep = (
    values: ValidReadingForm,
    confirmed: ReadonlySet<number>,
    evidence: SendEvidence = NO_EVIDENCE,
    { keptFirst = false }: { keptFirst?: boolean } = {},
  ): Promise<SaveOutcome> => {
    const send = { ...readingSendOfForm(values, confirmed), ...evidence.wire };
    const { photo } = evidence;
    const { accountId } = values;
    const steps = {
      online: navigator.onLine,
      idempotencyKey: newRandomId(),
      post: (idempotencyKey: string) =>
        registerReadings.mutateAsync({ accountId, send, idempotencyKey, photo }),
      keep:
        gateway && device
          ? async (idempotencyKey: string, enteredOffline: boolean) => {
              const { keepReadings } = await import('@/lib/device/reading-queue/keep-on-device');
              await keepReadings({ accountId, gateway, device, send, idempotencyKey, enteredOffline, photo });
            }
          : null,
    };
    if (!keptFirst) return sendOrKeep(steps);
    return keepFirst({ ...steps, requestSend: requestSendNow, sendNow: () => sendOrKeep(steps) });
  };

  return { saveOrKeep, saving: registerReadings.isPending };
}
