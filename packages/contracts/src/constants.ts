/**
 * Business constants of spec §9 and DESIGN §3. Nothing else in the repo may restate these numbers.
 */

export const PRODUCT_NAME = 'MathBridge';

/** Request time-out of the web client (spec §9). */
export const REQUEST_TIMEOUT_MS = 5000;

/** Infinite scroll fires within this distance of the bottom, debounced (spec §9). */
export const INFINITE_SCROLL_DISTANCE_PX = 10;
export const INFINITE_SCROLL_DEBOUNCE_MS = 200;

/** Messaging-app binding dialog timings (spec §4, §9). */
export const WECHAT_QR_POLL_MS = 2000;
export const WECHAT_RETRY_MS = 4000;
export const WECHAT_SCAN_SUCCESS_MS = 2000;

/** Kernel WebSocket port (spec §7, §9). */
export const KERNEL_WS_PORT = 3010;

/** Cover image advice (spec §9). */
export const COVER_IMAGE_ADVICE = { width: 300, height: 180 } as const;

/** Date picker shortcuts (spec §9), in months from today. */
export const DATE_SHORTCUTS = [
  { key: 'nextMonth', months: 1 },
  { key: 'sixMonths', months: 6 },
  { key: 'oneYear', months: 12 },
] as const;

/** Relative-time units (spec §9), smallest first. */
export const RELATIVE_TIME_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;

/** Session transport (DESIGN §3). */
export const TOKEN_HEADER = 'X-MathBridge-Token';
export const TOKEN_COOKIE = 'mb_token';
/** Sessions live this long without a new sign-in. */
export const SESSION_TTL_DAYS = 30;

/**
 * Signature salt (DESIGN §3). It ships in the client on purpose: the signature detects corruption
 * and naive tampering, it is not a security boundary.
 */
export const SIGN_SALT = 'mathbridge-sign-v1:3f6c1a';

/** Verification codes (spec §5 'exactly 4 characters'; DESIGN §3 contract). */
export const VERIFY_CODE_LENGTH = 4;
export const VERIFY_CODE_TTL_S = 300;
export const VERIFY_CODE_RESEND_S = 60;
export const VERIFY_CODE_DAILY_MAX_PER_PHONE = 10;
export const VERIFY_CODE_HOURLY_MAX_PER_IP = 30;
/** Wrong guesses a single code survives before it is burnt. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;

/** Failed sign-ins per phone inside the window before the phone is locked out (issue 2). */
export const LOGIN_FAIL_MAX = 5;
export const LOGIN_FAIL_WINDOW_S = 15 * 60;
/** Failed sign-ins per IP address per hour, whichever phones they name (a sign-in that succeeds is not counted). */
export const LOGIN_FAIL_HOURLY_MAX_PER_IP = 50;
/** Registrations per IP per hour. */
export const REGISTER_HOURLY_MAX_PER_IP = 10;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;

/** Avatar upload: images, jpg/png, 2 MB (spec §5 default image rule). */
export const MB = 1024 * 1024;
export const GENERAL_MAX_UPLOAD_BYTES = 10_485_760;
export const FORBIDDEN_EXTENSIONS = ['exe', 'sh'] as const;

export interface UploadProfile {
  /** Allowed extensions, lower case, without the dot. */
  extensions: readonly string[];
  maxBytes: number;
  /** A stricter limit for some extensions (rule 2: archives may be larger than single files). */
  maxBytesByExtension?: Readonly<Record<string, number>>;
}

/** Named upload profiles, one per spec §5 rule. */
export const UPLOAD_PROFILES = {
  image: { extensions: ['jpg', 'png'], maxBytes: 2 * MB },
  imageLarge: { extensions: ['png', 'jpg', 'jpeg'], maxBytes: 8 * MB },
  certificate: { extensions: ['jpg', 'jpeg', 'png', 'bmp'], maxBytes: 5 * MB },
  document: {
    extensions: ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'bmp', 'png', 'zip', 'rar', '7z'],
    maxBytes: 5 * MB,
  },
  rule2: {
    extensions: ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'bmp', 'png', 'zip', 'rar', '7z'],
    maxBytes: 5 * MB,
    maxBytesByExtension: { zip: 10 * MB, rar: 10 * MB, '7z': 10 * MB },
  },
  attachment: { extensions: ['zip', 'rar', '7z'], maxBytes: 10 * MB },
  docs: { extensions: ['doc', 'docx', 'pdf'], maxBytes: 10 * MB },
} as const satisfies Record<string, UploadProfile>;

export type UploadProfileName = keyof typeof UPLOAD_PROFILES;

/** Default page size of paginated lists. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * Calls whose body carries a document rather than form fields, and its keys (signature.ts
 * `verbatim`): a notebook's nbformat JSON in `notebook/save`, where Python's indentation, blank
 * lines and nulls are content. The web client, the server and the test harness all read this.
 */
const VERBATIM_FIELDS: Readonly<Record<string, readonly string[]>> = { 'notebook/save': ['content'] };

/** The body keys of the call at `path` ('notebook/save') that travel verbatim. */
export function verbatimFieldsOf(path: string): readonly string[] {
  return VERBATIM_FIELDS[path] ?? [];
}

/** How often the header's bell asks for the unread notification count (also on window focus). */
export const NOTIFICATION_POLL_MS = 15_000;
/** The most notification ids one `notification/read` marks. */
export const NOTIFICATION_READ_MAX_IDS = 100;
/** How many notifications the bell's popover shows. */
export const NOTIFICATION_POPOVER_SIZE = 6;
/** How long a notification's WeChat message may wait for delivery before it is dropped. */
export const NOTIFICATION_WECHAT_TTL_MS = 86_400_000;
