import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { type MyDataFormat, useDownloadMyData } from '../api/download-my-data';
import { myDataMessages as messages } from '../my-data-messages';
import { TrustPage } from './trust-page';

const BUTTONS: { format: MyDataFormat; label: string }[] = [
  { format: 'json', label: messages.downloadJson },
  { format: 'csv', label: messages.downloadCsv },
];

/** `Mine data` (issue 39, ADR 040): any signed-in user downloads what the app keeps about them. */
export function MyDataPage() {
  const download = useDownloadMyData();
  const [pending, setPending] = useState<MyDataFormat | null>(null);
  return (
    <TrustPage title={messages.title}>
      <p>{messages.intro}</p>
      <p>{messages.formats}</p>
      <div className="d-flex flex-wrap gap-2">
        {BUTTONS.map(({ format, label }) => (
          <Button
            key={format}
            variant="outline-primary"
            size="lg"
            disabled={download.isPending}
            onClick={() => {
              setPending(format);
              download.mutate(format);
            }}
          >
            {download.isPending && pending === format ? messages.downloading : label}
          </Button>
        ))}
      </div>
      {download.isError && (
        <p role="alert" className="text-danger mt-3">
          {messages.failed(errorMessage(download.error))}
        </p>
      )}
    </TrustPage>
  );
}
