import { isoDateInCopenhagen, toDanishDate } from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readingStatusOf } from '../readings/reading-status.ts';
import { renderRouteSheet } from './route-pdf.ts';
import { routePrintTexts as t } from './route-print-texts.ts';
import { periodText, routeSheetRows } from './route-sheet.ts';

/**
 * `Udskriv rute` (issue 37): the account's route as the reader's phone shows it now (route order, the
 * current period's last values), as a PDF to take along on paper when the phone cannot be used.
 */
export async function printRoute(
  db: Kysely<Database>,
  account: { id: string; name: string },
  now: Date,
): Promise<Buffer> {
  const status = await readingStatusOf(db, account.id, now);
  return renderRouteSheet({
    title: t.title(account.name),
    period: periodText(status.period),
    printed: t.printed(toDanishDate(isoDateInCopenhagen(now))),
    rows: routeSheetRows(status.gateways),
  });
}
