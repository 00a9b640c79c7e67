// The parse alone, for the dynamic import of the API client's check (ADR 055): importing lib/zod.ts
// itself by `import()` would hand all of zod's namespace to the caller and keep every part of it.
export { parseOrThrow } from './zod';
