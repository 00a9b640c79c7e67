import { type ReactNode, useEffect } from 'react';
import { Redirect } from 'wouter';
import { paths } from '@/config/paths';
import { checkSession, sessionIsValid } from '@/lib/session/auth-status';
import { useAuthStatus } from '@/lib/session/use-auth-status';

/**
 * The route guard (spec §2): only an authenticated session is required, never a role. It reads the
 * stored session afresh on every render, not only the last second's broadcast, so a session that
 * expired in between never shows a guarded screen; such a session is then ended as the watcher would.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const authenticated = useAuthStatus((status) => status.authenticated);
  const valid = authenticated && sessionIsValid();
  useEffect(() => {
    if (!valid) checkSession();
  }, [valid]);
  return valid ? children : <Redirect to={paths.login} replace />;
}
