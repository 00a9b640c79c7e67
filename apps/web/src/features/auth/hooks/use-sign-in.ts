import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Credentials } from '../api/login';

/**
 * The sign-in code, with zod and the contract's schemas that check the answers, loads on first need
 * instead of with the login screen. The screen starts loading it as soon as the form gets focus.
 */
export const loadSignIn = () => import('../sign-in');

type SignInState = { isPending: boolean; error: unknown };

/** Signs in, loads what the next screen needs and navigates there (spec §4). */
export function useSignIn() {
  const navigate = useNavigate();
  const [state, setState] = useState<SignInState>({ isPending: false, error: null });

  const signIn = useCallback(
    async (credentials: Credentials, onError: (error: unknown) => void) => {
      setState({ isPending: true, error: null });
      try {
        const { signIn: run } = await loadSignIn();
        const path = await run(credentials);
        // Pending until the next screen is there, as the button must not come back first.
        await navigate(path);
        setState({ isPending: false, error: null });
      } catch (error) {
        setState({ isPending: false, error });
        onError(error);
      }
    },
    [navigate],
  );

  return { signIn, ...state };
}
