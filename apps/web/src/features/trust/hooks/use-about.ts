import type { AboutResponse } from '@maaler/contract';
import { useEffect, useState } from 'react';
import { API_BASE } from '@/config/env';

export type AboutState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; about: AboutResponse };

const FIELDS = ['operatorName', 'operatorContact', 'accessibilityContact', 'accessibilityPhone'] as const;
const RETENTION_FIELDS = [
  'readingsYears',
  'loginEventsDays',
  'disabledUserDays',
  'outboxDays',
  'selfReadingLinkDays',
  'photoDays',
] as const;

const recordOf = (value: unknown): Record<string, unknown> =>
  (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

/**
 * AboutResponse's shape, checked without zod: the public pages stay apart from the signed-in screens'
 * server-data chunk, so that adding them costs every first load only their two entries in the router.
 */
function toAbout(body: unknown): AboutResponse {
  const fields = recordOf(body);
  const about = Object.fromEntries(FIELDS.map((field) => [field, fields[field]]));
  const given = recordOf(fields.retention);
  const retention = Object.fromEntries(RETENTION_FIELDS.map((field) => [field, given[field]]));
  if (
    !FIELDS.every((field) => about[field] === null || typeof about[field] === 'string') ||
    !RETENTION_FIELDS.every((field) => Number.isInteger(retention[field]))
  ) {
    throw new Error('/api/about: unexpected content');
  }
  return { ...about, retention } as AboutResponse;
}

/**
 * GET /api/about for the public pages: no session and no token needed, so it goes the same signed in,
 * signed out or signed in without a connection. A failure leaves the page with its neutral texts.
 */
export function useAbout(): AboutState {
  const [state, setState] = useState<AboutState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${API_BASE}/api/about`, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`/api/about: HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then(toAbout)
      .then(
        (about) => setState({ status: 'loaded', about }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    return () => controller.abort();
  }, []);
  return state;
}

/** The operator's name; null while it loads, when the call failed or when the operator set none. */
export function operatorNameOf(state: AboutState): string | null {
  return state.status === 'loaded' ? state.about.operatorName : null;
}
