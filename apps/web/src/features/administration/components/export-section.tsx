import { EXPORT_FORMATS, type ExportFormat } from '@maaler/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { type ExportTable, useExportReadings } from '../api/export-readings';
import { administrationMessages as messages } from '../messages';
import { AdminSection } from './admin-section';

const TABLES: {
  table: ExportTable;
  heading: string | null;
  intro: string;
  labels: Record<ExportFormat, string>;
}[] = [
  {
    table: 'readings',
    heading: null,
    intro: messages.exportIntro,
    labels: { csv: messages.downloadCsv, xlsx: messages.downloadExcel },
  },
  {
    table: 'months',
    heading: messages.monthsHeading,
    intro: messages.monthsIntro,
    labels: { csv: messages.downloadMonthsCsv, xlsx: messages.downloadMonthsExcel },
  },
];

/**
 * 'Eksport': the chosen period's readings for billing, and each point's consumption per month, as CSV
 * (Danish Excel conventions) or .xlsx.
 */
export function ExportSection({ accountId, periodDay }: { accountId: string; periodDay: string | null }) {
  const download = useExportReadings();
  const [pending, setPending] = useState<{ table: ExportTable; format: ExportFormat } | null>(null);

  return (
    <AdminSection headingId="admin-export-heading" heading={messages.exportHeading}>
      {TABLES.map(({ table, heading, intro, labels }) => (
        <div key={table} className="mb-3">
          {heading && <h3 className="h6">{heading}</h3>}
          <p>{intro}</p>
          <div className="d-flex flex-wrap gap-2">
            {EXPORT_FORMATS.map((format) => (
              <Button
                key={format}
                variant="outline-primary"
                size="lg"
                disabled={download.isPending}
                onClick={() => {
                  setPending({ table, format });
                  download.mutate({ accountId, date: periodDay, format, table });
                }}
              >
                {download.isPending && pending?.table === table && pending.format === format
                  ? messages.downloading
                  : labels[format]}
              </Button>
            ))}
          </div>
        </div>
      ))}
      {download.isError && (
        <p role="alert" className="text-danger mt-2">
          {messages.downloadFailed(errorMessage(download.error))}
        </p>
      )}
    </AdminSection>
  );
}
