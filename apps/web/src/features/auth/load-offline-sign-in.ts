/** The offline sign-in's code (ADR 034) in its own chunk: loaded only by a sign-in or an offline session. */
export const loadOfflineSignIn = () => import('./offline-sign-in');
