import { ADMIN_ROLE } from '@maaler/contract';
import { Redirect } from 'wouter';
import { paths } from '@/config/paths';
import { AdministrationPage } from '@/features/administration/components/administration-page';
import { readRole } from '@/lib/browser-storage/plain-keys';

/** Administration is for role 1 only; the API refuses everyone else as well. */
export function Component() {
  return readRole() === ADMIN_ROLE ? <AdministrationPage /> : <Redirect to={paths.home} replace />;
}
