import { useEffect, useState } from 'react';
import { useUserPage } from './api/users';

/** How long typing may pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The search field and page of `Brugere`: what is typed goes to the server once typing pauses, and
 * a new search starts on page 1.
 */
export function useUserSearch() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useUserPage(search, page);

  // Only a changed search goes back to the first page: a timer that ran on mount as well reset a page
  // the user had already turned to.
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  return { typed, setTyped, page, setPage, users };
}
