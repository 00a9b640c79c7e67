import '../reading-history.css';
import { type GuaranteedDevice, type GuaranteedGateway, isoDateInCopenhagen } from '@maaler/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DialogHeader } from '@/components/dialog-header';
import type { DialogVisibility } from '@/components/dialog-visibility';
import { commonMessages, errorMessage } from '@/lib/messages';
import { offerDownload } from '@/lib/offer-download';
import { readingHistoryQueryOptions } from '@/lib/server-data/reading-history-api';
import { historyButtonMessages } from '../button-messages';
import { historyCsv } from '../history-csv';
import { historyFileName } from '../history-file-name';
import { historyPoints } from '../history-points';
import { readingHistoryMessages as messages } from '../messages';
import { useOlderPages } from '../older-pages';
import { PointHistory } from './point-history';

const TITLE_ID = 'reading-history-title';

export type ReadingHistoryDialogProps = DialogVisibility & {
  accountId: string;
  gateway: GuaranteedGateway;
  device: GuaranteedDevice;
};

/**
 * The history of one meter (spec §2, §8): per measurement point its consumption chart and readings,
 * newest first, with corrections; 'Hent CSV' downloads the same readings. The answer holds the newest
 * dates (ADR 053); `Vis ældre` adds the dates before them, a page at a time.
 */
export function ReadingHistoryDialog({
  accountId,
  gateway,
  device,
  ...visibility
}: ReadingHistoryDialogProps) {
  const meter = { gatewayId: gateway.GatewayId, deviceId: device.DeviceId };
  const history = useQuery(readingHistoryQueryOptions(accountId, meter));
  const older = useOlderPages(accountId, meter, history.data);
  const points = useMemo(
    () =>
      history.data ? historyPoints([...history.data, ...older.pages.flat()], device.DeviceItemList) : [],
    [history.data, older.pages, device.DeviceItemList],
  );
  const hasReadings = history.isSuccess && history.data.length > 0;

  const downloadCsv = () =>
    offerDownload(
      historyFileName(device.Name, isoDateInCopenhagen()),
      new Blob([historyCsv(points)], { type: 'text/csv;charset=utf-8' }),
    );

  return (
    <Modal
      {...visibility}
      restoreFocus={false}
      size="lg"
      fullscreen="sm-down"
      scrollable
      aria-labelledby={TITLE_ID}
      data-testid="reading-history-dialog"
    >
      <DialogHeader id={TITLE_ID}>{messages.title(device.Name)}</DialogHeader>
      <Modal.Body>
        <p className="text-body-secondary">{gateway.Name}</p>
        {history.isPending && (
          <p role="status" className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {historyButtonMessages.loading}
          </p>
        )}
        {history.isError && (
          <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
            <span>{messages.failed(errorMessage(history.error))}</span>
            <Button variant="danger" onClick={() => void history.refetch()}>
              {messages.retry}
            </Button>
          </Alert>
        )}
        {history.isSuccess && !hasReadings && <p>{messages.empty}</p>}
        {hasReadings &&
          points.map((point) => (
            <PointHistory key={point.deviceItemId} point={point} accountId={accountId} />
          ))}
        {older.error !== null && !older.loading && (
          <Alert variant="danger">{messages.failed(errorMessage(older.error))}</Alert>
        )}
        {hasReadings && older.more && (
          <Button variant="outline-secondary" onClick={older.loadMore} disabled={older.loading}>
            {older.loading && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            {messages.showOlder}
          </Button>
        )}
      </Modal.Body>
      <Modal.Footer>
        {hasReadings && (
          <Button variant="outline-primary" onClick={downloadCsv}>
            {messages.downloadCsv}
          </Button>
        )}
        <Button variant="secondary" onClick={visibility.onHide}>
          {commonMessages.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
