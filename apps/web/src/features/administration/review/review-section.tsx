import type { ReviewReading } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { EvidenceMark } from '@/components/reading-photo/evidence-mark';
import { PhotoBesideValue } from '@/components/reading-photo/photo-beside-value';
import { ScrollableTable } from '@/components/scrollable-table';
import { errorMessage } from '@/lib/messages';
import { issueText } from '@/lib/plausibility/issue-text';
import { AdminSection } from '../components/admin-section';
import { administrationMessages } from '../messages';
import { useApproveReadings, useCorrectReading, useReviewList } from './api/review';
import { ApproveButton } from './approve-button';
import { ControlDeviations } from './control-deviations';
import { CorrectReadingDialog } from './correct-reading-dialog';
import { reviewMessages as messages } from './review-messages';
import { issueOfWarning } from './review-warnings';

function warningTexts(reading: ReviewReading): string[] {
  return reading.Warnings.flatMap((warning) => {
    const issue = issueOfWarning(warning);
    return issue ? [issueText(issue, reading.Unit)] : [];
  });
}

/** 'Til kontrol': readings the server's plausibility rule warned about when stored (issue 32), with their warnings, to approve. */
export function ReviewSection({ accountId }: { accountId: string }) {
  const review = useReviewList(accountId);
  const approve = useApproveReadings(accountId);
  const correct = useCorrectReading(accountId);
  const [approved, setApproved] = useState('');
  const [correcting, setCorrecting] = useState<ReviewReading | null>(null);
  const closeCorrection = () => {
    setCorrecting(null);
    correct.reset();
  };

  return (
    <AdminSection headingId="admin-review-heading" heading={messages.heading}>
      <p>{messages.reviewIntro}</p>
      <p role="status" className={approved ? 'text-success fw-semibold' : 'visually-hidden'}>
        {approved}
      </p>
      {review.isPending && <p role="status">{administrationMessages.loading}</p>}
      {review.isError && (
        <Alert variant="danger">{administrationMessages.failed(errorMessage(review.error))}</Alert>
      )}
      {approve.isError && (
        <p role="alert" className="text-danger">
          {messages.approveFailed(errorMessage(approve.error))}
        </p>
      )}
      {review.data?.length === 0 && <p>{messages.nothingToReview}</p>}
      {review.data && review.data.length > 0 && (
        <ScrollableTable
          caption={messages.reviewTable}
          columns={[
            messages.meter,
            messages.point,
            messages.date,
            messages.value,
            messages.registeredBy,
            messages.warnings,
            { hidden: `${messages.correct} / ${messages.approve}` },
          ]}
        >
          {review.data.map((reading) => (
            <tr key={reading.ReadingId}>
              <td>
                {reading.GatewayName}, {reading.DeviceName}
              </td>
              <td>{reading.Name}</td>
              <td>{reading.DateRecordFormatted}</td>
              <td>
                <div className="d-flex flex-wrap align-items-start gap-2">
                  <span className="text-nowrap">
                    {reading.Value}
                    {reading.Unit ? ` ${reading.Unit}` : ''}
                  </span>
                  {reading.PhotoId && (
                    <PhotoBesideValue
                      accountId={accountId}
                      photoId={reading.PhotoId}
                      alt={messages.photoAlt(reading.DeviceName, reading.Name, reading.DateRecordFormatted)}
                    />
                  )}
                  <EvidenceMark
                    evidence={{
                      accountId,
                      photoId: reading.PhotoId,
                      note: reading.Note,
                      date: reading.DateRecordFormatted,
                      by: reading.RegisteredBy,
                    }}
                  />
                </div>
                {reading.Note && <p className="small mb-0 mt-1 text-break">{reading.Note}</p>}
              </td>
              <td>{reading.RegisteredBy}</td>
              <td>
                {warningTexts(reading).map((text) => (
                  <p key={text} className="mb-1 small">
                    {text}
                  </p>
                ))}
              </td>
              <td className="text-nowrap">
                <Button
                  variant="outline-secondary"
                  className="me-2"
                  aria-label={messages.correctLabel(
                    reading.DeviceName,
                    reading.Name,
                    reading.DateRecordFormatted,
                  )}
                  onClick={() => setCorrecting(reading)}
                >
                  {messages.correct}
                </Button>
                <ApproveButton
                  busy={approve.isPending}
                  label={messages.approveLabel(reading.DeviceName, reading.Name, reading.DateRecordFormatted)}
                  onApprove={() =>
                    approve.mutate([reading.ReadingId], {
                      onSuccess: () => setApproved(messages.approved(reading.DeviceName, reading.Name)),
                    })
                  }
                />
              </td>
            </tr>
          ))}
        </ScrollableTable>
      )}
      <ControlDeviations accountId={accountId} onApproved={setApproved} />
      {correcting && (
        <CorrectReadingDialog
          reading={correcting}
          saving={correct.isPending}
          error={correct.isError ? errorMessage(correct.error) : null}
          onSave={(value) =>
            correct.mutate(
              { readingId: correcting.ReadingId, value },
              {
                onSuccess: () => {
                  setApproved(`${messages.corrected}: ${correcting.DeviceName}, ${correcting.Name}`);
                  closeCorrection();
                },
              },
            )
          }
          onClose={closeCorrection}
        />
      )}
    </AdminSection>
  );
}
