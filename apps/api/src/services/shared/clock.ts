/** Injected wherever time matters (lockout windows, token expiry, "today"), so tests need no sleeps. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
