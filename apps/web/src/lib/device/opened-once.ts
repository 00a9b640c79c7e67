/**
 * `open`, run on the first call and shared by every later one, so the page holds one connection. A
 * failed open (private mode, storage switched off) is forgotten, so a later call may succeed.
 */
export function openedOnce<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | null = null;
  return () => {
    if (opened) return opened;
    const opening = open();
    opened = opening;
    opening.catch(() => {
      if (opened === opening) opened = null;
    });
    return opening;
  };
}
