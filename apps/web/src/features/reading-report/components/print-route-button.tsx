import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiFile } from '@/lib/http/api-client';
import { errorMessage } from '@/lib/messages';
import { offerDownload } from '@/lib/offer-download';
import { routePrintMessages as messages } from '../route-print-messages';

type PrintState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * `Udskriv rute` (issue 37): the account's route as a PDF from GET /api/gateway/routeprint/{accountId},
 * offered as a download, a paper fallback for a day the phone cannot be used.
 */
export function PrintRouteButton({ accountId }: { accountId: string }) {
  const [state, setState] = useState<PrintState>({ kind: 'idle' });
  const print = async () => {
    setState({ kind: 'busy' });
    try {
      const file = await apiFile(
        `/api/gateway/routeprint/${encodeURIComponent(accountId)}`,
        messages.fileName,
      );
      offerDownload(file.fileName, file.blob);
      setState({ kind: 'done' });
    } catch (failure) {
      setState({ kind: 'failed', message: messages.failed(errorMessage(failure)) });
    }
  };
  return (
    <div className="mb-3">
      <Button
        variant="outline-secondary"
        className="route-print"
        disabled={state.kind === 'busy'}
        onClick={() => void print()}
      >
        {messages.print}
      </Button>
      <p role="status" className="small mt-1 mb-0">
        {state.kind === 'busy' && messages.printing}
        {state.kind === 'done' && messages.printed}
      </p>
      {state.kind === 'failed' && (
        <p role="alert" className="small text-danger mt-1 mb-0">
          {state.message}
        </p>
      )}
    </div>
  );
}
