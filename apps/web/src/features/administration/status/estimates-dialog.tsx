import type { EstimateProposal } from '@maaler/contract';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormError } from '@/components/form-error';
import { ScrollableTable } from '@/components/scrollable-table';
import { errorMessage } from '@/lib/messages';
import { newRandomId } from '@/lib/random-id';
import { useCreateEstimates, useEstimateProposals } from './api/estimates';
import { estimateMessages as messages } from './estimate-messages';

const TITLE_ID = 'admin-estimates-title';

type EstimatesDialogProps = {
  accountId: string;
  /** Any day of the period (its first). */
  date: string;
  periodLabel: string;
  onCreated: (count: number) => void;
  onClose: () => void;
};

function ProposalRow({ proposal }: { proposal: EstimateProposal }) {
  const unit = proposal.Unit;
  return (
    <tr data-testid="estimate-proposal">
      <td>
        {proposal.GatewayName}, {proposal.DeviceName}, {proposal.Name}
      </td>
      <td className="text-nowrap">
        {proposal.LastValue === null ? '–' : messages.withUnit(proposal.LastValue, unit)}
      </td>
      <td className="text-nowrap">
        {proposal.Value === null ? messages.noEstimate : messages.withUnit(proposal.Value, unit)}
      </td>
      <td>{proposal.Rule === null ? proposal.Reason : messages.rules[proposal.Rule]}</td>
    </tr>
  );
}

/**
 * `Opret estimater`: the proposals for a past period (point, last reading, estimate, rule), created
 * all at once with `Opret`; points without an estimate are listed with the reason and left out.
 */
export default function EstimatesDialog({
  accountId,
  date,
  periodLabel,
  onCreated,
  onClose,
}: EstimatesDialogProps) {
  const proposals = useEstimateProposals(accountId, date);
  const [idempotencyKey] = useState(newRandomId);
  const create = useCreateEstimates(accountId, idempotencyKey);
  const points = proposals.data?.Points ?? [];
  const creatable = points.filter((point) => point.Value !== null).map((point) => point.DeviceItemId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (creatable.length === 0) return;
    create.mutate({ date, deviceItemIds: creatable }, { onSuccess: (answer) => onCreated(answer.Count) });
  };

  return (
    <FormDialog
      titleId={TITLE_ID}
      title={messages.title(periodLabel)}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={messages.cancel}
      submitLabel={create.isPending ? messages.creating : messages.create}
      busy={create.isPending || proposals.isPending}
      submitDisabled={creatable.length === 0}
      error={create.isError ? messages.createFailed(errorMessage(create.error)) : null}
      scrollable
    >
      <p>{messages.intro}</p>
      {proposals.isPending && <p role="status">{messages.loading}</p>}
      {proposals.isError && <FormError text={messages.failed(errorMessage(proposals.error))} />}
      {proposals.data && points.length === 0 && <p>{messages.none}</p>}
      {points.length > 0 && (
        <ScrollableTable
          caption={messages.table}
          columns={[messages.point, messages.lastReading, messages.proposed, messages.rule]}
        >
          {points.map((proposal) => (
            <ProposalRow key={proposal.DeviceItemId} proposal={proposal} />
          ))}
        </ScrollableTable>
      )}
    </FormDialog>
  );
}
