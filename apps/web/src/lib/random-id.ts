/**
 * A random id (for an Idempotency-Key or a record made on the device). `crypto.randomUUID` exists
 * only in secure contexts (https, localhost); elsewhere the id is built from
 * `crypto.getRandomValues`, which exists everywhere.
 */
export function newRandomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
