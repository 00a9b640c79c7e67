import { useCallback, useState } from 'react';

type Submission<T> =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'done'; data: T }
  | { state: 'failed'; error: unknown };

/**
 * One request sent from a form, with its state. The signed-out screens live outside the query
 * cache (app/router.tsx), so they keep their own.
 */
export function useSubmission<I, T>(send: (input: I) => Promise<T>) {
  const [submission, setSubmission] = useState<Submission<T>>({ state: 'idle' });
  const submit = useCallback(
    (input: I) => {
      setSubmission({ state: 'pending' });
      send(input).then(
        (data) => setSubmission({ state: 'done', data }),
        (error: unknown) => setSubmission({ state: 'failed', error }),
      );
    },
    [send],
  );
  return {
    submit,
    isPending: submission.state === 'pending',
    data: submission.state === 'done' ? submission.data : undefined,
    isSuccess: submission.state === 'done',
    error: submission.state === 'failed' ? submission.error : null,
  };
}
