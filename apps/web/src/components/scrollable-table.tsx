import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

/** A column heading; `{ hidden }` names a column of buttons for screen readers only. */
export type TableColumn = string | { hidden: string };

/**
 * A table that scrolls sideways in its own box on a narrow screen. The box takes the focus, so the
 * keyboard can scroll it too, and is named by the table's caption. It is positioned, so that the
 * visually hidden texts inside (absolutely placed) stay in it instead of widening the page.
 * `children` are the body's rows.
 */
export function ScrollableTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly TableColumn[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive position-relative mb-3" tabIndex={0} aria-label={caption}>
      <Table size="sm" className="align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </section>
  );
}
