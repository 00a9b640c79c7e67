import type { ControlReviewEntry } from '@maaler/contract';
import Alert from 'react-bootstrap/Alert';
import { ScrollableTable } from '@/components/scrollable-table';
import { errorMessage } from '@/lib/messages';
import { administrationMessages } from '../messages';
import { useApproveControls, useControlReviewList } from './api/control-review';
import { ApproveButton } from './approve-button';
import { reviewMessages as messages } from './review-messages';

const withUnit = (value: string, unit: string) => (unit ? `${value} ${unit}` : value);

/**
 * The deviating control readings on `Til kontrol` (issue 38, ADR 050): the control, the remote value
 * of its day and the difference, to approve. A control is never billed, so there is no `Ret`. Shown
 * only when there is one, so the readings' part of `Til kontrol` reads as before.
 */
export function ControlDeviations({
  accountId,
  onApproved,
}: {
  accountId: string;
  onApproved: (text: string) => void;
}) {
  const controls = useControlReviewList(accountId);
  const approve = useApproveControls(accountId);
  const approveEntry = (entry: ControlReviewEntry) =>
    approve.mutate([entry.ControlReadingId], {
      onSuccess: () => onApproved(messages.approved(entry.DeviceName, entry.Name)),
    });

  if (controls.isError)
    return <Alert variant="danger">{administrationMessages.failed(errorMessage(controls.error))}</Alert>;
  if (!controls.data || controls.data.length === 0) return null;
  return (
    <>
      <h3 className="h6">{messages.controlsHeading}</h3>
      <p>{messages.controlsIntro}</p>
      {approve.isError && (
        <p role="alert" className="text-danger">
          {messages.approveControlFailed(errorMessage(approve.error))}
        </p>
      )}
      <ScrollableTable caption={messages.controlsTable} columns={[messages.meter, messages.deviation]}>
        {controls.data.map((entry) => (
          <tr key={entry.ControlReadingId}>
            <td>
              <p className="mb-0">
                {entry.GatewayName}, {entry.DeviceName}
              </p>
              <p className="mb-0">
                {entry.Name}, {entry.DateRecordFormatted}
              </p>
              <p className="mb-0 small">{messages.controlBy(entry.RegisteredBy)}</p>
            </td>
            <td>
              <p className="mb-1 fw-semibold">{entry.Reason}</p>
              <p className="mb-0 text-nowrap">{messages.controlValue(withUnit(entry.Value, entry.Unit))}</p>
              <p className="mb-0 text-nowrap">
                {messages.remoteValue(withUnit(entry.RemoteValue, entry.Unit))}
              </p>
              <p className="mb-0 text-nowrap">
                {messages.difference(withUnit(messages.signed(entry.Difference), entry.Unit))}
              </p>
              <ApproveButton
                className="mt-2"
                busy={approve.isPending}
                label={messages.approveControlLabel(entry.DeviceName, entry.Name, entry.DateRecordFormatted)}
                onApprove={() => approveEntry(entry)}
              />
            </td>
          </tr>
        ))}
      </ScrollableTable>
    </>
  );
}
