import { ADMIN_ROLE } from '@maaler/contract';
import { Link } from 'wouter';
import { administrationPaths } from '@/config/paths';
import { useAuthStatus } from '@/lib/session/use-auth-status';
import { administrationLinkMessages as messages } from '../link-messages';

/** The header's way into 'Administration', shown to role 1 only. */
export function AdministrationLink() {
  const admin = useAuthStatus((status) => status.role === ADMIN_ROLE);
  if (!admin) return null;
  return (
    <Link href={administrationPaths.status} className="btn btn-light">
      {messages.open}
    </Link>
  );
}
