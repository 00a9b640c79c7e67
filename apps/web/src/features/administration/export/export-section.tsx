import { EXPORT_FORMATS, type ExportFormat } from '@maaler/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@/lib/messages';
import { usePeriodStatus } from '../api/period-status';
import { AdminSection } from '../components/admin-section';
import type { PeriodSectionProps } from '../components/period-section-props';
import { PeriodSelect } from '../components/period-select';
import { administrationMessages } from '../messages';
import { type ExportTable, useExportReadings } from './api/export-readings';
import { exportMessages as messages } from './export-messages';

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
 * (Danish Excel conventions) or .xlsx. The period is the one `Status for perioden` shows; it can be
 * chosen here as well.
 */
export function ExportSection({ accountId, periodDay, onPeriodChange }: PeriodSectionProps) {
  const status = usePeriodStatus(accountId, periodDay);
  const download = useExportReadings();
  const [pending, setPending] = useState<{ table: ExportTable; format: ExportFormat } | null>(null);

  return (
    <AdminSection headingId="admin-export-heading" heading={messages.heading} busy={status.isFetching}>
      {status.isError && (
        <p role="alert" className="text-danger">
          {administrationMessages.failed(errorMessage(status.error))}
        </p>
      )}
      {status.data && <PeriodSelect status={status.data} onPeriodChange={onPeriodChange} />}
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
