import { ADMIN_ROLE } from '@maaler/contract';
import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { readRole } from '@/lib/browser-storage/plain-keys';

/** Administration is for role 1 only; the API refuses everyone else as well. */
export function loader() {
  if (readRole() !== ADMIN_ROLE) throw redirect(paths.home);
  return null;
}

export { AdministrationPage as Component } from '@/features/administration/components/administration-page';
