import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { useBarcodeScanner } from '../hooks/use-barcode-scanner';
import { routeDialogMessages as messages } from '../route-dialog-messages';
import { canUseCamera } from '../scanning/camera-scan';

const TITLE_ID = 'find-meter-title';
const SCAN_HINT_ID = 'find-meter-scan-hint';

type FindMeterDialogProps = {
  searching: boolean;
  /** Why the last search found nothing. */
  error: string | null;
  onFind: (serial: string) => void;
  onClose: () => void;
};

/**
 * 'Find måler' (issue 17): a meter of the account by the serial number on its label, typed or scanned
 * from the label's code; a code read is searched for at once, as if typed and sent.
 */
export default function FindMeterDialog({ searching, error, onFind, onClose }: FindMeterDialogProps) {
  const [serial, setSerial] = useState('');
  const [missing, setMissing] = useState(false);
  const find = (typed: string) => {
    const trimmed = typed.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') onFind(trimmed);
  };
  const scanner = useBarcodeScanner((code) => {
    setSerial(code);
    find(code);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(serial);
  };

  return (
    <FormDialog
      titleId={TITLE_ID}
      title={messages.findTitle}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={messages.cancel}
      submitLabel={searching ? messages.searching : messages.search}
      busy={searching}
    >
      <TextField
        id="find-meter-serial"
        label={messages.serial}
        value={serial}
        onChange={(event) => {
          setSerial(event.target.value);
          setMissing(false);
        }}
        hint={messages.serialHint}
        error={missing ? messages.serialMissing : (error ?? undefined)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
      />
      {canUseCamera() && (
        <>
          <Button
            variant="outline-primary"
            size="lg"
            className="w-100"
            onClick={scanner.scanning ? scanner.stop : scanner.start}
          >
            {scanner.scanning ? messages.stopScan : messages.scan}
          </Button>
          {scanner.scanning && (
            <>
              <video
                ref={scanner.videoRef}
                aria-label={messages.cameraView}
                aria-describedby={SCAN_HINT_ID}
                className="d-block w-100 mt-3 rounded bg-dark"
                muted
                playsInline
              />
              <p id={SCAN_HINT_ID} className="form-text mb-0">
                {messages.scanHint}
              </p>
            </>
          )}
          {scanner.problem && (
            <p role="alert" className="text-danger mt-3 mb-0">
              {messages.cameraProblems[scanner.problem]}
            </p>
          )}
        </>
      )}
    </FormDialog>
  );
}
