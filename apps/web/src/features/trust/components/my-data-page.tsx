import { useState } from 'react';
import { errorMessage } from '@/lib/messages';
import { downloadMyData, type MyDataFormat } from '../api/download-my-data';
import { myDataMessages as messages } from '../my-data-messages';
import { TrustPage } from './trust-page';

const BUTTONS: { format: MyDataFormat; label: string }[] = [
  { format: 'json', label: messages.downloadJson },
  { format: 'csv', label: messages.downloadCsv },
];

type Download =
  | { state: 'idle' }
  | { state: 'pending'; format: MyDataFormat }
  | { state: 'failed'; reason: string };

/**
 * `Mine data` (issue 39, ADR 040): any signed-in user downloads what the app keeps about them. In the
 * public pages' chunk, so the router gains no chunk of its own and no screen's first load grows.
 */
export function MyDataPage() {
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  const start = (format: MyDataFormat) => {
    setDownload({ state: 'pending', format });
    downloadMyData(format).then(
      () => setDownload({ state: 'idle' }),
      (error: unknown) => setDownload({ state: 'failed', reason: errorMessage(error) }),
    );
  };
  return (
    <TrustPage title={messages.title}>
      <p>{messages.intro}</p>
      <p>{messages.formats}</p>
      <div className="d-flex flex-wrap gap-2">
        {BUTTONS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="btn btn-outline-primary btn-lg"
            disabled={download.state === 'pending'}
            onClick={() => start(format)}
          >
            {download.state === 'pending' && download.format === format ? messages.downloading : label}
          </button>
        ))}
      </div>
      {download.state === 'failed' && (
        <p role="alert" className="text-danger mt-3">
          {messages.failed(download.reason)}
        </p>
      )}
    </TrustPage>
  );
}
