import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import type { QueuedSend } from '@/lib/device/reading-queue/queued-send';
import { offlineDialogMessages as messages } from '../dialog-messages';
import { useOnlineStatus } from '../hooks/use-online-status';
import { WaitingReadingItem } from './waiting-reading-item';

type Props = {
  sends: QueuedSend[];
  sync: { syncNow: () => Promise<void>; syncing: boolean };
  onClose: () => void;
};

/** The list of readings kept on the device, with 'Send nu' and per reading 'Ret' and 'Slet'. */
export default function WaitingReadingsDialog({ sends, sync, onClose }: Props) {
  const online = useOnlineStatus();
  return (
    <Modal show onHide={onClose} aria-labelledby="waiting-readings-title" scrollable>
      <DialogHeader id="waiting-readings-title">{messages.listTitle}</DialogHeader>
      <Modal.Body>
        <p>{online ? messages.listIntro : messages.sendNowOffline}</p>
        {sends.length === 0 ? (
          <p>{messages.nothingWaiting}</p>
        ) : (
          <ul className="list-unstyled mb-0 waiting-readings-list">
            {sends.flatMap((send) =>
              send.readings.map((reading) => (
                <WaitingReadingItem key={reading.id} send={send} reading={reading} />
              )),
            )}
          </ul>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="primary"
          onClick={() => void sync.syncNow()}
          disabled={!online || sync.syncing || sends.length === 0}
        >
          {sync.syncing ? messages.sending : messages.sendNow}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
