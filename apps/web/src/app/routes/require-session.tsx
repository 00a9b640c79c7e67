import { Navigate, Outlet, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { checkSession } from '@/lib/session/auth-status';
import { useAuthStatus } from '@/lib/session/use-auth-status';

/** Runs before every navigation into a guarded route: a fresh check, not the last second's one. */
export function requireSessionLoader() {
  if (!checkSession().authenticated) throw redirect(paths.login);
  return null;
}

/** The route guard (spec §2): only an authenticated session is required, never a role. */
export function RequireSession() {
  const authenticated = useAuthStatus((status) => status.authenticated);
  return authenticated ? <Outlet /> : <Navigate to={paths.login} replace />;
}
