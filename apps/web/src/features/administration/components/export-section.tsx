import { EXPORT_FORMATS, type ExportFormat } from '@maaler/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { useExportReadings } from '../api/export-readings';
import { administrationMessages as messages } from '../messages';

const LABELS: Record<ExportFormat, string> = { csv: messages.downloadCsv, xlsx: messages.downloadExcel };

/** 'Eksport': the chosen period's readings for billing, as CSV (Danish Excel conventions) or .xlsx. */
export function ExportSection({ accountId, periodDay }: { accountId: string; periodDay: string | null }) {
  const download = useExportReadings();
  const [pending, setPending] = useState<ExportFormat | null>(null);

  return (
    <section aria-labelledby="admin-export-heading">
      <h2 id="admin-export-heading" className="h5">
        {messages.exportHeading}
      </h2>
      <p>{messages.exportIntro}</p>
      <div className="d-flex flex-wrap gap-2">
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outline-primary"
            size="lg"
            disabled={download.isPending}
            onClick={() => {
              setPending(format);
              download.mutate({ accountId, date: periodDay, format });
            }}
          >
            {download.isPending && pending === format ? messages.downloading : LABELS[format]}
          </Button>
        ))}
      </div>
      {download.isError && (
        <p role="alert" className="text-danger mt-2">
          {messages.downloadFailed(errorMessage(download.error))}
        </p>
      )}
    </section>
  );
}
