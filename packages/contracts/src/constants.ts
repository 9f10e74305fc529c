// Every number the product rules use lives here once (DECISIONS.md), so server and web agree.
export const LOCALES = ['de-DE', 'en-US', 'fr-FR'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'de-DE';
export const FALLBACK_LOCALE: TLocale = 'en-US';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const PASSWORD_MIN_CRITERIA = 3;

export const LOGIN_LOCK_AFTER_FAILURES = 10;
export const LOGIN_LOCK_MINUTES = 15;
export const LOGIN_RATE_PER_IP_PER_MINUTE = 30;

export const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 365;
/** last_seen is written at most this often, so reads do not turn into writes on every request. */
export const SESSION_TOUCH_SECONDS = 60;

export const TOKEN_LINK_VALID_HOURS = 24;

export const AUTH_COOKIE = 'auth';
export const AUTH_COOKIE_DAYS = 3650;

export const API_RETRIES = 3;
export const API_RETRY_DELAYS_MS = [500, 2500] as const;
export const ACCESS_TOKEN_REFRESH_THROTTLE_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const PAGE_SIZES = [10, 25, 50, 100, 250, 500] as const;
export type TPageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = 100;
/**
 * Lists count their matches up to this many (issue 15): beyond it the total says "more than 10,000", and "select all
 * results", bulk actions and exports act on at most this many, so no request does work that grows with the tenant.
 */
export const LIST_TOTAL_CAP = 10_000;

// Mail and background jobs (issue 3; DECISIONS "Mail and reminders", "SMTP").
export const MAIL_RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 240] as const;
export const MAIL_RETRY_THEN_EVERY_HOURS = 6;
export const MAIL_RETRY_MAX_HOURS = 48;
/** Outbound SSRF guard: the only ports a client's SMTP settings may use (lifted by SMTP_ALLOW_PRIVATE=1). */
export const SMTP_ALLOWED_PORTS = [25, 465, 587, 2525] as const;
export const MAIL_TEMPLATE_HTML_MAX_BYTES = 512 * 1024;
export const JOB_POLL_INTERVAL_MS = 1_000;

// Users, groups and account (issue 4; DECISIONS "Accounts and sign-in", "CSV").
export const FORGOT_USERNAME_MESSAGE_MAX = 2_000;
export const FORGOT_USERNAME_WINDOW_HOURS = 24;
export const USER_IMPORT_PREVIEW_ROWS = 10;
export const USER_IMPORT_MAX_ROWS = 100_000;
export const USER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** DECISIONS "manual reminder": refused within this many minutes of the last reminder to the same user and training. */
export const REMINDER_RESEND_MINUTES = 60;

/** DECISIONS "Clients", logo: png, jpg, svg or webp, at most 2 MB. */
export const CLIENT_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Contacts per client: few by nature (spec section 3), so their list is shown whole. */
export const CLIENT_CONTACTS_MAX = 100;

/** A directory's token writes its "last accessed" at most this often, so a busy directory does not write per call. */
export const CLIENT_TOKEN_TOUCH_SECONDS = 60;
