/** The Danish texts the retention job writes (ADR 042). */

/** Who-columns show it for a disabled user whose personal data the retention job removed. */
export const FORMER_USER_NAME = 'Tidligere bruger';
