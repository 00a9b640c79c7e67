/** The route status of every account (GET /api/gateway/readingstatus), which a sync makes stale. */
export const READING_STATUS_KEY = ['reading-status'] as const;
export const readingStatusKey = (accountId: string) => [...READING_STATUS_KEY, accountId] as const;
