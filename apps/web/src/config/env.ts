/** The API base from build-time config; empty means the app's own origin. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
