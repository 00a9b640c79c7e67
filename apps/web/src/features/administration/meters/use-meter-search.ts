import { type FormEvent, useState } from 'react';
import { useMeterPage } from './api/meters';

/** The search field and page of `Målere`: `Søg` sends what is typed and starts on page 1. */
export function useMeterSearch(accountId: string) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useMeterPage(accountId, search, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  return { draft, setDraft, submit, searching: search !== '', page, setPage, list };
}
