import type { PeriodStatus } from '@maaler/contract';
import { useState } from 'react';
import { ScrollableTable } from '@/components/scrollable-table';
import { ADMIN_MISSING_PER_PAGE } from '@/config/constants';
import { Pager } from '../components/pager';
import { missingPage } from './missing-page';
import { statusMessages as messages } from './status-messages';

/**
 * `Mangler aflæsning`: the period's points without a reading with their last one, a page at a time,
 * so a location of 50 unread meters does not stretch the section over many phone screens.
 */
export function MissingTable({ status }: { status: PeriodStatus }) {
  const [page, setPage] = useState(1);
  if (status.missing.length === 0) return <p>{messages.noneMissing}</p>;
  const { pages, current, shown } = missingPage(status.missing, page, ADMIN_MISSING_PER_PAGE);
  return (
    <>
      <ScrollableTable
        caption={messages.missingHeading}
        columns={[messages.location, messages.meter, messages.serial, messages.point, messages.lastReading]}
      >
        {shown.map((point) => (
          <tr key={point.DeviceItemId}>
            <td>{point.GatewayName}</td>
            <td>{point.DeviceName}</td>
            <td>{point.Serial ?? ''}</td>
            <td>
              {point.Name}
              {point.StaffReadingNeeded && (
                <span className="badge text-bg-warning ms-2">{messages.staffReadingNeeded}</span>
              )}
            </td>
            <td>
              {point.LastValue === null
                ? messages.noReading
                : `${point.LastValue}${point.Unit ? ` ${point.Unit}` : ''} (${point.LastDateValueFormatted})`}
            </td>
          </tr>
        ))}
      </ScrollableTable>
      <Pager label={messages.missingPages} page={current} pages={pages} onPage={setPage} />
    </>
  );
}
