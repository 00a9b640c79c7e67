import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { Credentials } from '@/lib/session/login-call';

/**
 * The sign-in code, with zod and the contract's schemas that check the answers, loads on first need
 * instead of with the login screen. The screen starts loading it as soon as the form gets focus.
 */
export const loadSignIn = () => import('../sign-in');

type SignInState = { isPending: boolean; error: unknown };

/** Signs in, loads what the next screen needs and navigates there (spec §4). */
export function useSignIn() {
  const [, navigate] = useLocation();
  const [state, setState] = useState<SignInState>({ isPending: false, error: null });

  const signIn = useCallback(
    async (credentials: Credentials, onError: (error: unknown) => void) => {
      setState({ isPending: true, error: null });
      try {
        const { signIn: run } = await loadSignIn();
        const path = await run(credentials);
        // Stays pending: the next screen replaces this one once its code is there, and the button
        // must not come back first.
        navigate(path);
      } catch (error) {
        setState({ isPending: false, error });
        onError(error);
      }
    },
    [navigate],
  );

  return { signIn, ...state };
}
