import type { RouteAssignments } from '@maaler/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ScrollableTable } from '@/components/scrollable-table';
import { errorMessage } from '@/lib/messages';
import { useAssignReader, useRouteAssignments } from './api/route-assignments';
import { assignMessages as messages } from './assign-messages';

const NOBODY = '';
const SEVERAL = 'several';

/** The reader all of a location's meters are assigned to, nobody, or several. */
function readerOfLocation(meters: RouteAssignments['Gateways'][number]['Meters']): string {
  const readers = new Set(meters.map((meter) => meter.ReaderId ?? NOBODY));
  return readers.size === 1 ? ([...readers][0] ?? NOBODY) : SEVERAL;
}

/**
 * `Tildel aflæser` (issue 37, ADR 048): per location, the meter reader who reads it in the shown period,
 * and each reader's progress. A change is saved at once; what is read stays with whoever had it.
 */
export function ReaderAssignments({ accountId, periodStart }: { accountId: string; periodStart: string }) {
  const assignments = useRouteAssignments(accountId, periodStart);
  const assign = useAssignReader(accountId);
  const [saved, setSaved] = useState('');
  const data = assignments.data;

  return (
    <section aria-labelledby="admin-assign-heading" className="mb-4">
      <h3 id="admin-assign-heading" className="h6">
        {messages.heading}
      </h3>
      {assignments.isError && (
        <p role="alert" className="text-danger">
          {messages.loadFailed(errorMessage(assignments.error))}
        </p>
      )}
      {data && data.Readers.length === 0 && <p>{messages.noReaders}</p>}
      {data && data.Readers.length > 0 && (
        <>
          <p className="form-text">{messages.hint}</p>
          <ScrollableTable
            caption={messages.locationsCaption}
            columns={[messages.location, messages.meters, messages.reader]}
          >
            {data.Gateways.map((gateway) => (
              <LocationRow
                key={gateway.GatewayId}
                gateway={gateway}
                readers={data.Readers}
                busy={assign.isPending}
                onAssign={(readerId) =>
                  assign.mutate(
                    { date: periodStart, GatewayId: gateway.GatewayId, ReaderId: readerId },
                    {
                      onSuccess: (answer) =>
                        setSaved(messages.saved(gateway.Name, answer.Moved, answer.Kept)),
                    },
                  )
                }
              />
            ))}
          </ScrollableTable>
          <p role="status" className={saved ? 'form-text' : 'visually-hidden'}>
            {saved}
          </p>
          {assign.isError && (
            <p role="alert" className="text-danger">
              {messages.failed(errorMessage(assign.error))}
            </p>
          )}
          <h4 className="h6">{messages.progressHeading}</h4>
          {data.Progress.length === 0 ? (
            <p>{messages.noProgress}</p>
          ) : (
            <ScrollableTable
              caption={messages.progressHeading}
              columns={[
                messages.reader,
                messages.assigned,
                messages.read,
                messages.skipped,
                messages.missing,
              ]}
            >
              {data.Progress.map((reader) => (
                <tr key={reader.ReaderId}>
                  <td>{reader.Name}</td>
                  <td>{reader.Assigned}</td>
                  <td>{reader.Read}</td>
                  <td>{reader.Skipped}</td>
                  <td>{reader.Missing}</td>
                </tr>
              ))}
            </ScrollableTable>
          )}
        </>
      )}
    </section>
  );
}

type LocationRowProps = {
  gateway: RouteAssignments['Gateways'][number];
  readers: RouteAssignments['Readers'];
  busy: boolean;
  onAssign: (readerId: string | null) => void;
};

/** One location: its reader to choose, saved by `Tildel` (not on each change, so arrow keys save nothing). */
function LocationRow({ gateway, readers, busy, onAssign }: LocationRowProps) {
  const current = readerOfLocation(gateway.Meters);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = chosen ?? current;
  const selectId = `admin-assign-${gateway.GatewayId}`;
  return (
    <tr>
      <td>{gateway.Name}</td>
      <td>{gateway.Meters.length}</td>
      <td>
        <Form.Select
          id={selectId}
          size="sm"
          aria-label={messages.readerFor(gateway.Name)}
          value={shown}
          disabled={busy}
          onChange={(event) => setChosen(event.currentTarget.value)}
        >
          {current === SEVERAL && (
            <option value={SEVERAL} disabled>
              {messages.several}
            </option>
          )}
          <option value={NOBODY}>{messages.nobody}</option>
          {readers.map((reader) => (
            <option key={reader.Id} value={reader.Id}>
              {reader.Name}
            </option>
          ))}
        </Form.Select>
      </td>
      <td>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={busy || shown === current || shown === SEVERAL}
          aria-label={messages.assignLocation(gateway.Name)}
          onClick={() => {
            onAssign(shown === NOBODY ? null : shown);
            setChosen(null);
          }}
        >
          {messages.assign}
        </Button>
      </td>
    </tr>
  );
}
