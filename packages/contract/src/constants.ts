// Business constants from product-spec §9 that the app and the server share, plus the wire limits the
// schemas enforce. The app's own timings are in apps/web/src/config/constants.ts.

export const LOGIN_AREA = 9;
export const UNAUTHENTICATED_ROLE = -1;
export const ADMIN_ROLE = 1;
export const METER_READER_ROLE = 0;
export const CUSTOMER_USER_ROLE = 2;
export const MIN_READING_DATE = '2022-02-01';
export const MIN_PASSWORD_LENGTH = 8;
export const ACCOUNT_LIST_VERSION = 9;

/**
 * Soft plausibility check before sending: a reading's consumption per day warns when it is more than this
 * many times, or less than 1/this of, the average per day of the point's history.
 */
export const PLAUSIBILITY_FACTOR = 3;

export const DEVICE_TYPES = ['heat', 'water', 'electricity', 'gas', 'other'] as const;

/**
 * Where a stored reading came from (ADR 017). `offline`: entered on the device without a connection and
 * sent later; `import`, `cli` and `estimate` are written by the server's own tools only; `selfreading`
 * arrives by a resident's self-reading link (ADR 039); `remote` is a remote meter's telegram value, brought
 * in by the readings import (issue 38, ADR 050).
 */
export const READING_SOURCES = [
  'web',
  'offline',
  'import',
  'cli',
  'estimate',
  'selfreading',
  'remote',
] as const;
/**
 * A control reading (`Kontrol`) on a remote meter may differ from the remote value of its day by this
 * share of the value, or by one unit of its last digit where that is more (issue 38, ADR 050).
 */
export const CONTROL_TOLERANCE_PERCENT = 0.5;
/** The sources a client may claim when it sends readings. */
export const CLIENT_READING_SOURCES = ['web', 'offline'] as const;
/**
 * How far an offline reading's time of entry may lie after the server's clock: a phone's clock runs a
 * little ahead at times, and a refused offline reading cannot be corrected by the reader.
 */
export const MAX_ENTRY_CLOCK_SKEW_MS = 5 * 60_000;

/** `LastDateValue` / `LastDateValueFormatted` when a measurement point has no reading. */
export const NO_READING_DATE = '-';

export const MAX_PASSWORD_LENGTH = 128;
// RFC 5321 limits a forward path to 256 octets including the angle brackets.
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 200;
export const MAX_TEXT_LENGTH = 2000;
export const MAX_SETTING_KEY_LENGTH = 64;
/** A meter's serial number as printed on its label (and in its barcode). */
export const MAX_SERIAL_LENGTH = 64;
/** A meter's resident (issue 35, ADR 039): the name and the phone number as typed. */
export const MAX_RESIDENT_NAME_LENGTH = 100;
export const MAX_RESIDENT_PHONE_LENGTH = 20;
/** `Adgang` (how to get in) and `Placering` (where the meter is) of a location or meter (issue 37, ADR 047). */
export const MAX_ACCESS_NOTE_LENGTH = 300;
export const MAX_PLACEMENT_LENGTH = 200;
/** A task's comment and its closing note (issue 37, ADR 047). */
export const MAX_TASK_TEXT_LENGTH = 2000;
/** A measurement point's unit (`kWh`, `m³`). */
export const MAX_UNIT_LENGTH = 20;
/** Most settings one account may hold (a bound on what a user can make the server store). */
export const MAX_SETTINGS_PER_ACCOUNT = 100;
/** Room for about a thousand comma-separated guids. */
export const MAX_GUID_LIST_LENGTH = 40_000;
export const MAX_READING_INTEGER_DIGITS = 12;
export const MAX_READING_FRACTION_DIGITS = 6;
/** Bound on `dateRecord` and `value` strings; their format is checked later (406), not by the schema. */
export const MAX_READING_FIELD_LENGTH = 32;

/**
 * Why a reading was taken (issue 37, ADR 046): stable wire codes, Danish labels in history-labels.ts.
 * `meter-change` is the server's own (the meter change's start reading); a client may send the others.
 */
export const READING_REASONS = ['periodic', 'control', 'move-out', 'move-in', 'meter-change'] as const;
export const CLIENT_READING_REASONS = ['periodic', 'control', 'move-out', 'move-in'] as const;
/** A reading sent without a reason. */
export const DEFAULT_READING_REASON = 'periodic';
/**
 * A value below the one before on a register with declared digits is a rollover (`Omløb`) when it
 * dropped by more than this share of the register's range (ADR 046).
 */
export const ROLLOVER_MIN_DROP_SHARE_PERCENT = 90;
export const MAX_READINGS_PER_BATCH = 1000;
/** A reading's `Bemærkning` (issue 36). */
export const MAX_READING_NOTE_LENGTH = 500;
/** The device shrinks a photo to this long side and size before it is kept or sent (issue 36). */
export const PHOTO_MAX_LONG_SIDE_PX = 1600;
export const PHOTO_MAX_DEVICE_BYTES = 300 * 1024;
/** What the server takes in one photo upload, before it decodes and re-encodes it. */
export const MAX_PHOTO_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoding refuses images with more pixels than this (a small file can unpack to a huge bitmap). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Largest numeric id: gateways, devices and points are 32-bit integer columns on PostgreSQL. */
export const MAX_ID = 2_147_483_647;
/**
 * The newest reading dates of a meter one history answer holds (ADR 053): three years of monthly
 * readings, so the history of a meter read monthly, quarterly or yearly shows as it always did; older
 * dates come page by page with `before`.
 */
export const HISTORY_PAGE_DATES = 36;
/** The most periods in a row an account may let a point be estimated (issue 37). */
export const MAX_ESTIMATES_IN_A_ROW = 24;
/** Most reading periods the administration's period switcher offers (the current one and earlier ones). */
export const MAX_SELECTABLE_PERIODS = 24;
/**
 * Live device credentials one user may hold (offline sign-in, ADR 034): one per phone or browser they
 * ticked `Husk mig` on; issuing one more revokes the oldest.
 */
export const MAX_DEVICE_CREDENTIALS_PER_USER = 5;
/** Bound on a presented device credential (`<uuid>.<43 characters>` is 80). */
export const MAX_DEVICE_CREDENTIAL_LENGTH = 200;
/** Longest name an API key may have (issue 38, ADR 051); it is also the name its imports are shown under. */
export const MAX_API_KEY_NAME_LENGTH = 60;

/** The longest operator text (name, contact, telephone) the server takes from its configuration. */
export const MAX_OPERATOR_TEXT_LENGTH = 200;

/** How long a `Glemt adgangskode?` link sets a new password (single use). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long an administrator's invitation link sets the first password (single use). */
export const INVITATION_TTL_DAYS = 7;
/** Messages per page of `Udsendte e-mails`. */
export const OUTBOX_PAGE_SIZE = 50;
/** Longest reset token accepted on the wire (the server issues 43 characters). */
export const MAX_RESET_TOKEN_LENGTH = 200;

/** The app's page a set-password link opens; the token follows in the fragment, which no server sees. */
export const SET_PASSWORD_PATH = '/ny-adgangskode';
/** Events per page of the office's `Log`. */
export const LOG_PAGE_SIZE = 50;

/** SMTP connections the outbox's sender keeps open at once (ADR 044): few, as a mail server limits them. */
export const DEFAULT_MAIL_SMTP_CONNECTIONS = 5;
/** Messages over one SMTP connection before the sender opens a fresh one (nodemailer's own default). */
export const DEFAULT_MAIL_SMTP_MAX_MESSAGES = 100;

/** The app's public page a resident's self-reading link opens; the token follows in the fragment (ADR 039). */
export const SELF_READING_PATH = '/aflaesning';
/** Default days after a reading period's end until which its self-reading links take values. */
export const DEFAULT_SELF_READING_DEADLINE_DAYS = 14;

/**
 * Retention (ADR 042): the defaults of the periods the retention job keeps data for. Readings and the
 * office's audit trail: years after the end of the calendar year they belong to (bogføringsloven).
 */
export const DEFAULT_RETENTION_READINGS_YEARS = 5;
/** Sign-in events (`login.*`, `logout`, `device-credential.*`) in the Log: days after the event. */
export const DEFAULT_RETENTION_LOGIN_EVENTS_DAYS = 90;
/** A disabled user's personal data: days after disabling, then anonymised (their readings stay). */
export const DEFAULT_RETENTION_DISABLED_USER_DAYS = 365;
/** Sent and failed e-mails in the outbox: days after they were written. */
export const DEFAULT_RETENTION_OUTBOX_DAYS = 90;
/** Self-reading links: days after their deadline. */
export const DEFAULT_RETENTION_SELF_READING_LINK_DAYS = 30;
/** Photos of meters: days after they were taken. */
export const DEFAULT_PHOTO_RETENTION_DAYS = 730;
/**
 * A self-reading link's short code for letters (ADR 043): 10 characters of 32 that are not mistaken for
 * one another (no 0/O, 1/I), 50 bits, shown in groups of four (`ABCD-EFGH-JK`).
 */
export const SELF_READING_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const SELF_READING_CODE_LENGTH = 10;
export const SELF_READING_CODE_GROUP = 4;
/** Default days before a self-reading link's deadline from which `Påmindelse` goes (ADR 044). */
export const DEFAULT_REMINDER_DAYS_BEFORE_DEADLINE = 3;
