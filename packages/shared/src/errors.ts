import { MESSAGES } from './messages';

/**
 * The API's error codes, declared once. Every error response is
 * `{ "error": { "code": ErrorCode, "message": string } }`; the web client maps the
 * code to a typed error. `status` is the HTTP status each code is sent with.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  // Accounts: the message is what the page shows.
  INVALID_CREDENTIALS: { status: 401, message: MESSAGES.invalidCredentials },
  ACCOUNT_DELETED: { status: 403, message: MESSAGES.accountDeleted },
  EMAIL_NOT_VERIFIED: { status: 403, message: MESSAGES.emailNotVerified },
  EMAIL_TAKEN: { status: 409, message: MESSAGES.emailTaken },
  VERIFICATION_USER_NOT_FOUND: { status: 404, message: MESSAGES.verificationUserNotFound },
  VERIFICATION_INVALID: { status: 400, message: MESSAGES.verificationInvalid },
  ALREADY_VERIFIED: { status: 409, message: MESSAGES.alreadyVerified },
  RESTORE_LINK_INVALID: { status: 400, message: MESSAGES.restoreLinkInvalid },
  RESTORE_NOT_ELIGIBLE: { status: 403, message: MESSAGES.restoreNotEligible },
  ACCOUNT_NOT_FOUND: { status: 404, message: MESSAGES.resetNoAccount },
  RESET_ACCOUNT_DELETED: { status: 403, message: MESSAGES.resetAccountDeleted },
  RESET_LINK_INVALID: { status: 400, message: MESSAGES.resetLinkExpiredOrInvalid },
  RESTORE_EMAIL_NOT_FOUND: { status: 404, message: MESSAGES.restoreServiceNotFound },
  ACCOUNT_NOT_DELETED: { status: 409, message: MESSAGES.restoreServiceNotDeleted },
  RECOVERY_FAILED: { status: 401, message: MESSAGES.recoveryCouldNot },
  // Single sign-on (ADR 0038); texts kept short here, as every page loads this file first.
  SSO_ONLY: { status: 403, message: 'Please sign in with single sign-on.' },
  SSO_LINK_EXPIRED: { status: 400, message: 'This request has expired. Please sign in again.' },
  INVALID_IMAGE: { status: 400, message: MESSAGES.invalidImage },
  IMAGE_TOO_LARGE: { status: 413, message: MESSAGES.invalidImage },
  // Imports: the message says what is wrong with the file.
  IMPORT_FILE_INVALID: { status: 400, message: MESSAGES.importUnknownFormat },
  IMPORT_FILE_TOO_LARGE: { status: 413, message: MESSAGES.importFileTooLarge },
  IMPORT_RUNNING: { status: 409, message: MESSAGES.importRunning },
  // Social
  FRIEND_REQUEST_EXISTS: { status: 409, message: MESSAGES.friendRequestExists },
  ALREADY_FRIENDS: { status: 409, message: MESSAGES.alreadyFriends },
  FRIEND_REQUEST_TO_SELF: { status: 400, message: MESSAGES.friendRequestToSelf },
  NOT_FRIENDS: { status: 403, message: MESSAGES.friendsOnly },
  PERMISSION_DENIED: { status: 403, message: MESSAGES.permissionDenied },
  NOT_MESSAGE_SENDER: { status: 403, message: MESSAGES.editOwnMessagesOnly },
  EDIT_WINDOW_PASSED: { status: 403, message: MESSAGES.editWindowPassed },
  TASK_NOT_FOUND: { status: 404, message: MESSAGES.sharedTaskNotFound },
  // Input robustness, quotas and idempotent writes (ADR 0016)
  SHARED_PLAN_NOT_FOUND: { status: 404, message: 'Shared plan not found' },
  QUOTA_EXCEEDED: { status: 403, message: 'You have reached the limit for this.' },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
  },
  EMAIL_SEND_FAILED: { status: 502, message: 'We could not send the email. Please try again.' },
  UNAUTHENTICATED: { status: 401, message: 'Please log in to continue.' },
  FORBIDDEN_ORIGIN: { status: 403, message: 'This request did not come from Daywise.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  // A database or Redis is down or cut off (ADR 0015).
  UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again in a moment.',
  },
  // HTTP edge (ADR 0014): request targets and connections the server refuses before any route.
  INVALID_REQUEST_TARGET: { status: 400, message: 'The request address is not valid.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  TOO_MANY_CONNECTIONS: {
    status: 429,
    message: 'Too many open connections. Close a Daywise tab and try again.',
  },
  // API tokens (issue 16): what a bearer token may not do.
  TOKEN_READ_ONLY: { status: 403, message: MESSAGES.tokenReadOnly },
  COOKIE_ONLY: { status: 403, message: MESSAGES.cookieOnly },
  // Reminder emails (issue 14)
  UNSUBSCRIBE_LINK_INVALID: { status: 400, message: MESSAGES.unsubscribeLinkInvalid },
  // Filters (issue 32, ADR 0028): a query that does not parse; the answer says where.
  FILTER_INVALID: { status: 400, message: 'The filter is not valid.' },
  // Notification channels (issue 35, ADR 0037): an address the server will not send to.
  OUTBOUND_REFUSED: {
    status: 400,
    message: 'Daywise cannot send to this address.',
  },
  // Who may join, and the admin (ADR 0039): the server sends the full texts of access-messages.ts.
  REGISTRATION_CLOSED: { status: 403, message: 'Sign-up on this server is closed.' },
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field messages for VALIDATION_FAILED, keyed by the field's path ("email", "tasks.0.title"). */
    fields?: Record<string, string>;
    /** FILTER_INVALID: the 0-based offset in the query where it stops parsing. */
    position?: number;
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
