// The spec's business constants live in the shared contract, so the app and the server agree.
export {
  ACCOUNT_LIST_VERSION,
  ADMIN_ROLE,
  ALERT_AUTOHIDE_MS,
  AUTH_RECHECK_MS,
  BACKDROP_FADE_MS,
  INACTIVITY_LIMIT_MS,
  LOCATION_RESTORE_DELAY_MS,
  LOGIN_AREA,
  LOGOUT_WARNING_MAX_MS,
  LOGOUT_WARNING_MIN_MS,
  METER_READER_ROLE,
  MIN_PASSWORD_LENGTH,
  MIN_READING_DATE,
  MODAL_FADE_MS,
  SERVICE_WORKER_REGISTER_TIMEOUT_MS,
  UNAUTHENTICATED_ROLE,
  VERSION_CHECK_INTERVAL_MS,
} from '@maaler/contract';

/** How often a burst of user actions may rewrite `lastaction`. */
export const ACTIVITY_THROTTLE_MS = 1000;
