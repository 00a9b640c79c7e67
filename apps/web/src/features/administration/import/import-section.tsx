import { IMPORT_FORMATS, IMPORT_KINDS, type ImportKind, type ImportResult } from '@maaler/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ScrollableTable } from '@/components/scrollable-table';
import { errorMessage } from '@/lib/messages';
import { offerDownload } from '@/lib/offer-download';
import { AdminSection } from '../components/admin-section';
import { useImportFile, useImportTemplate } from './api/import';
import { FilePicker } from './file-picker';
import { importMessages as messages } from './import-messages';
import { errorReportCsv } from './import-report';

const TEMPLATE_LABELS = { csv: messages.templateCsv, xlsx: messages.templateExcel } as const;

/**
 * 'Importér' (ADR 018): a CSV or Excel file of meters or of readings is checked first ('Kontrollér
 * fil': counts and every bad row); 'Importér' is offered only after a check of this very file without
 * errors, and the server applies it all or nothing.
 */
export function ImportSection({ accountId }: { accountId: string }) {
  const [kind, setKind] = useState<ImportKind>('meters');
  const [file, setFile] = useState<File | null>(null);
  // The last answer, and whether it was a clean dry run of the file, kind and account now chosen.
  const [result, setResult] = useState<ImportResult | null>(null);
  const [checked, setChecked] = useState<{ file: File; kind: ImportKind; accountId: string } | null>(null);
  const send = useImportFile();
  const template = useImportTemplate();
  const canApply =
    checked !== null && checked.file === file && checked.kind === kind && checked.accountId === accountId;

  const run = (mode: 'dry-run' | 'apply') => {
    if (!file) return;
    setResult(null);
    send.mutate(
      { accountId, kind, mode, file },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setChecked(mode === 'dry-run' && answer.errors.length === 0 ? { file, kind, accountId } : null);
        },
        onError: () => setChecked(null),
      },
    );
  };

  return (
    <AdminSection headingId="admin-import-heading" heading={messages.heading}>
      <p>{messages.intro}</p>
      <Form.Group controlId="admin-import-kind" className="mb-3">
        <Form.Label>{messages.kind}</Form.Label>
        <Form.Select size="lg" value={kind} onChange={(event) => setKind(event.target.value as ImportKind)}>
          {IMPORT_KINDS.map((option) => (
            <option key={option} value={option}>
              {messages.kinds[option]}
            </option>
          ))}
        </Form.Select>
        <Form.Text>
          {messages.columns(kind)} {messages.hints[kind]}
        </Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {IMPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="outline-secondary"
            disabled={template.isPending}
            onClick={() => template.mutate({ kind, format })}
          >
            {TEMPLATE_LABELS[format]}
          </Button>
        ))}
      </div>
      {template.isError && (
        <p role="alert" className="text-danger">
          {messages.templateFailed(errorMessage(template.error))}
        </p>
      )}
      <FilePicker
        id="admin-import-file"
        label={messages.file}
        accept=".csv,.xlsx,.json,.jsonl,.ndjson,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/json"
        file={file}
        onChange={(chosen) => {
          setFile(chosen);
          setResult(null);
        }}
      />
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button variant="primary" size="lg" disabled={!file || send.isPending} onClick={() => run('dry-run')}>
          {send.isPending && send.variables?.mode === 'dry-run' ? messages.checking : messages.check}
        </Button>
        <Button
          variant="outline-primary"
          size="lg"
          disabled={!canApply || send.isPending}
          aria-describedby="admin-import-apply-hint"
          onClick={() => run('apply')}
        >
          {send.isPending && send.variables?.mode === 'apply' ? messages.applying : messages.apply}
        </Button>
      </div>
      <p id="admin-import-apply-hint" className="small text-body-secondary">
        {messages.applyHint}
      </p>
      <div role="status">
        {result && (
          <>
            <p className={result.errors.length > 0 ? 'text-danger fw-bold mb-1' : 'fw-bold mb-1'}>
              {result.message}
            </p>
            <p>{messages.counts(result.created, result.changed, result.unchanged, result.applied)}</p>
          </>
        )}
      </div>
      {send.isError && (
        <p role="alert" className="text-danger">
          {messages.failed(errorMessage(send.error))}
        </p>
      )}
      {result && result.errors.length > 0 && (
        <>
          <ScrollableTable
            caption={messages.errorsTable}
            columns={[messages.line, messages.column, messages.reason]}
          >
            {result.errors.map((error) => (
              <tr key={`${error.line}-${error.column ?? ''}-${error.message}`}>
                <td>{error.line}</td>
                <td>{error.column ?? ''}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </ScrollableTable>
          <Button
            variant="outline-secondary"
            onClick={() =>
              offerDownload(
                'fejlrapport.csv',
                new Blob([errorReportCsv(result.errors)], { type: 'text/csv;charset=utf-8' }),
              )
            }
          >
            {messages.errorReport}
          </Button>
        </>
      )}
    </AdminSection>
  );
}
