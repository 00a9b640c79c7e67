// The app's timings from product-spec §9; the constants the server shares live in the contract.
export {
  ACCOUNT_LIST_VERSION,
  ADMIN_ROLE,
  CUSTOMER_USER_ROLE,
  LOGIN_AREA,
  METER_READER_ROLE,
  MIN_PASSWORD_LENGTH,
  MIN_READING_DATE,
  UNAUTHENTICATED_ROLE,
} from '@maaler/contract';

/** Signed out after this long without activity. */
export const INACTIVITY_LIMIT_MS = 43_200_000;
/** How often the session's state is checked. */
export const AUTH_RECHECK_MS = 1000;
export const VERSION_CHECK_INTERVAL_MS = 60_000;
export const ALERT_AUTOHIDE_MS = 4000;
/** The auto-logout warning shows when the time left is within these bounds. */
export const LOGOUT_WARNING_MIN_MS = 1000;
export const LOGOUT_WARNING_MAX_MS = 300_000;
/** The chosen location is restored this long after a save. */
export const LOCATION_RESTORE_DELAY_MS = 150;
export const SERVICE_WORKER_REGISTER_TIMEOUT_MS = 30_000;
// The spec's modal fade (300 ms) and backdrop (150 ms) are Bootstrap's own transitions; no code sets them.

/** How often a burst of user actions may rewrite `lastaction`. */
export const ACTIVITY_THROTTLE_MS = 1000;
