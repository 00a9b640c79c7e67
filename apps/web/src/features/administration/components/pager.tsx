import Button from 'react-bootstrap/Button';
import { administrationMessages as messages } from '../messages';

/**
 * 'Forrige side' / 'Næste side' under a list the server pages, with where one is; hidden when one page
 * holds all. `label` names the navigation (`Sider med brugere`, `Sider`).
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center justify-content-between gap-2">
      <Button variant="outline-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {messages.previousPage}
      </Button>
      <span aria-live="polite">{messages.pageOf(page, pages)}</span>
      <Button variant="outline-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {messages.nextPage}
      </Button>
    </nav>
  );
}
