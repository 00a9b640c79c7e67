import { useSyncExternalStore } from 'react';
import { type AuthStatus, getAuthStatus, subscribeAuthStatus } from './auth-status';

/** Subscribes to one part of the broadcast auth status; re-renders only when that part changes. */
export function useAuthStatus<T>(select: (status: AuthStatus) => T): T {
  return useSyncExternalStore(subscribeAuthStatus, () => select(getAuthStatus()));
}
