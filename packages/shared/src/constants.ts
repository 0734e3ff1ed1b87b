/**
 * Business constants, described with their rules in docs/product/ (one file per area), named as the
 * product names them. Components and server code import these; no literal copies elsewhere.
 */

import type { Settings } from './schemas/settings';

/** Simulated form delay: contact and feedback submissions take at least this long. */
export const SIMULATED_FORM_DELAY_MS = 1000;

/**
 * How long a public form (contact, feedback, the account forms) waits for the server before it
 * says it failed: a visitor must hear within seconds that nothing was sent (public-site.md).
 */
export const PUBLIC_FORM_TIMEOUT_MS = 5000;

/** FAQ search debounce. */
export const FAQ_SEARCH_DEBOUNCE_MS = 300;

/** Rating scale: 1-5 stars; 0 means "not rated" (the rating is not enforced). */
export const RATING_MAX = 5;

/** Toasts: 4 s by default, 3 s for success. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_SUCCESS_DURATION_MS = 3000;
/**
 * A toast carrying Undo stays 5 s; a delete offered for undo reaches the server when they end
 * (docs/product/todos.md, "Undo").
 */
export const TOAST_UNDO_DURATION_MS = 5000;

/**
 * Non-space characters, an @, a domain, a dot, a suffix without whitespace. No part
 * may hold another @ and the suffix holds no dot, so every character has one place to match and
 * the test stays linear on any input (ADR 0013: `\S+@\S+\.\S+` backtracked quadratically).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** Password minimum. */
export const PASSWORD_MIN_LENGTH = 8;

/** Name minimum. */
export const NAME_MIN_LENGTH = 2;

/** Field length caps we add so that no request can store unbounded text. */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 200,
  messageMax: 5000,
  feedbackMax: 5000,
} as const;

/**
 * Request body caps (ADR 0013), far below the app-wide 100 KB: the account forms carry a few short
 * fields; the public forms a message of at most 5000 characters, JSON-escaped.
 */
export const ACCOUNT_BODY_LIMIT_BYTES = 8 * 1024;
export const PUBLIC_FORM_BODY_LIMIT_BYTES = 40 * 1024;

/** Feedback categories (docs/product/public-site.md), in the order the form lists them. */
export const FEEDBACK_CATEGORIES = [
  'General Feedback',
  'Bug Report',
  'Feature Request',
  'User Experience',
  'Performance',
  'Other',
] as const;

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Per-client limits on public form submissions (rate limits on what strangers can post). */
export const PUBLIC_FORM_RATE_LIMIT = { max: 5, windowMs: 60_000 } as const;

/** Theme choices (docs/product/profile-and-settings.md#theme). Default is light. */
export const THEMES = ['light', 'dark', 'system'] as const;
/** The day a week starts on (issue 33): the browser locale's, or one chosen (ADR 0031). */
export const WEEK_STARTS = ['locale', 'monday', 'sunday'] as const;
/**
 * The focus timer's lengths in minutes, and after how many focus periods the long break comes
 * (issue 33): each setting's least and greatest value.
 */
export const FOCUS_LIMITS = {
  focusMinutes: { min: 1, max: 180 },
  shortBreakMinutes: { min: 1, max: 60 },
  longBreakMinutes: { min: 1, max: 120 },
  longBreakEvery: { min: 1, max: 12 },
} as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';
/** localStorage key for the theme; public/theme-init.js reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'daywise-theme';

/** Verification expiry: 300 s; the email says 5 minutes. */
export const VERIFICATION_TTL_MS = 300_000;
/** Status poll interval on the Check Your Email screen. */
export const VERIFICATION_POLL_MS = 3000;
/** The countdown resyncs with the server when they differ by more than this. */
export const COUNTDOWN_RESYNC_THRESHOLD_MS = 5000;
/** Redirect after verification; restoration errors wait longer. */
export const VERIFIED_REDIRECT_MS = 2000;
export const RESTORE_ERROR_REDIRECT_MS = 3000;
/** Password reset and account restoration links live 1 hour. */
export const PASSWORD_RESET_TTL_MS = 3_600_000;
export const RESTORE_TTL_MS = 3_600_000;
/** Link format checks. */
export const LINK_SECRET_MIN_LENGTH = 20;
export const SECRET_MIN_LENGTH = 10;
export const USER_ID_MIN_LENGTH = 10;
/** Debug secret preview. */
export const DEBUG_SECRET_PREVIEW_LENGTH = 20;
/** A cap on password length (ours) so hashing a hostile input stays cheap. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Rate limits on the account endpoints (ADR 0013). Every bucket belongs to one route,
 * so traffic on one never blocks another:
 * - perAddress: requests per client address on each account route;
 * - statusPoll: the Check Your Email screen's poll (every 3 s) per client address;
 * - perEmail: requests per email address on each route that takes one, besides sign-in;
 * - loginFailures: wrong passwords per email address and client address. Only failures count,
 *   and only the address that made them is stopped, so strangers cannot lock the owner out;
 * - emailsPerRecipient: emails of any kind sent to one address (sign-up, resend, reset, restore,
 *   recovery), in a short and a daily window.
 */
export const AUTH_RATE_LIMIT = {
  perAddress: { max: 30, windowMs: 15 * 60_000 },
  statusPoll: { max: 300, windowMs: 15 * 60_000 },
  perEmail: { max: 10, windowMs: 15 * 60_000 },
  loginFailures: { max: 10, windowMs: 15 * 60_000 },
  emailsPerRecipient: [
    { max: 3, windowMs: 15 * 60_000 },
    { max: 10, windowMs: 24 * 60 * 60_000 },
  ],
} as const;

/** Profile pictures: at most 5 MB uploaded, longest side 500 px stored. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_MAX_SIDE = 500;
/** Refuse images larger than this many pixels before decoding them (a decompression bomb). */
export const PICTURE_MAX_PIXELS = 25_000_000;
/** Picture uploads per user: each one is decoded, which is the costliest thing a user can ask. */
export const PICTURE_UPLOAD_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

/**
 * Imports (issue 16): the largest file taken, and how many previews and imports a user asks. A
 * file's rows are capped too, by IMPORT_MAX_ROWS (after QUOTAS, which it follows).
 */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_RATE_LIMIT = { max: 30, windowMs: 15 * 60_000 } as const;

/** Social: polling while the realtime channel is down, message pages, edit window. */
export const FRIEND_REQUEST_POLL_MS = 5000;
export const OPEN_CHAT_POLL_MS = 3000;
export const MESSAGE_PAGE_SIZE = 50;
export const LAST_MESSAGE_PREVIEW_LENGTH = 100;
export const MESSAGE_EDIT_WINDOW_MS = 5 * 60_000;
/** User search: at least 2 characters; at most 20 results. */
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_MAX_RESULTS = 20;
/** Caps we add so no request stores unbounded text or lists. */
export const SOCIAL_LIMITS = {
  messageMax: 2000,
  searchMax: 100,
  sharedPlanTitleMax: 200,
  sharedPlanDescriptionMax: 2000,
  sharedTaskTitleMax: 200,
  sharedTasksMax: 200,
} as const;
/** Per-user rate limits on the social calls that strangers could abuse. */
export const SOCIAL_RATE_LIMIT = {
  search: { max: 30, windowMs: 60_000 },
  friendRequests: { max: 20, windowMs: 60_000 },
  messages: { max: 60, windowMs: 60_000 },
} as const;
/** The realtime channel: server ping, client reconnect backoff, inbound limits. */
export const REALTIME_PING_MS = 20_000;
export const REALTIME_BACKOFF_MS = { initial: 1000, max: 30_000 } as const;
export const REALTIME_MAX_INBOUND_BYTES = 1024;
export const REALTIME_INBOUND_RATE_LIMIT = { max: 20, windowMs: 10_000 } as const;

/**
 * A todo search counts its matches up to this many; past it the list's heading says '100+'
 * (docs/product/todos.md): counting every match of a common word would cost time in proportion
 * to the user's todos (ADR 0018).
 */
export const SEARCH_COUNT_LIMIT = 100;

/**
 * Per-user quotas (ADR 0016): generous for anyone using Daywise by hand, finite so no account,
 * and no friend, can grow a list or a table without bound. Lists that can grow beyond a page
 * are paginated (todos, messages); the others are bounded by these. A plan's tasks and a shared
 * plan's tasks are capped by PLAN_LIMITS.tasksMax and SOCIAL_LIMITS.sharedTasksMax.
 */
export const QUOTAS = {
  /** High enough for the heaviest accounts the benches model (100,000 todos). */
  todos: 100_000,
  tags: 200,
  /** Todo lists besides the Inbox (issue 32). */
  lists: 300,
  /** Saved filters (issue 32, ADR 0028). */
  savedFilters: 100,
  /** Sections in one list, or in the Inbox (issue 32, ADR 0027). */
  sectionsPerList: 100,
  /** Shared plans a user takes part in, created or shared with them. */
  sharedPlans: 100,
  /** Friend requests a user has sent that wait for an answer. */
  outgoingFriendRequests: 100,
  /** Friend requests waiting for a user's answer. */
  incomingFriendRequests: 200,
  friends: 1000,
  chats: 1000,
  /** Devices that receive web push reminders (a browser subscribes once per site). */
  pushSubscriptions: 20,
  /** Personal API tokens (issue 16). */
  apiTokens: 20,
  /** Notification channels: ntfy, Gotify, webhooks (issue 35, ADR 0037). */
  notificationChannels: 10,
  /** Webhooks for the user's own events (issue 35, ADR 0040). */
  eventWebhooks: 10,
} as const;

/** Bounds of a notification channel's fields (ours; ADR 0016 caps every input). */
export const CHANNEL_LIMITS = { nameMax: 100, urlMax: 500, tokenMax: 200 } as const;

/**
 * Event webhooks' delivery (ADR 0040): an event is tried this many times in all, the next try
 * `retryBaseMs * 4^(attempt - 1)` after a failed one (1, 4, 16, 64 and 256 minutes), and each
 * webhook keeps its last `logKept` attempts, of which Settings shows the last `logShown`.
 */
export const EVENT_WEBHOOK_DELIVERY = {
  maxAttempts: 6,
  retryBaseMs: 60_000,
  retryFactor: 4,
  logKept: 50,
  logShown: 20,
} as const;

/**
 * The most rows an import file may hold (CSV records after the header, an archive's records):
 * a file cannot usefully bring more todos than the todo quota, and every row costs work (ADR 0022).
 */
export const IMPORT_MAX_ROWS = QUOTAS.todos;

/** The readable API reference the server serves (its `/api/openapi.json` is the same, as data). */
export const API_REFERENCE_PATH = '/api/docs';

/**
 * How many days either side of today a plan can be read by its date (`GET
 * /api/plans/by-date/:date`) and the Daily Goals page can step to: a year back and a year ahead.
 */
export const PLAN_DAY_REACH = 365;

/** How many days Upcoming shows, starting tomorrow (ours, issue 14). */
export const UPCOMING_DAYS = 7;

/** The most days one read of the calendar spans: six weeks, a month's grid (ADR 0031). */
export const CALENDAR_RANGE_MAX_DAYS = 42;

/**
 * The most occurrences of one repeating todo that can be moved on their own (its excluded dates,
 * ADR 0031, Moving repeating todos): a year of a daily repeat.
 */
export const MAX_EXCLUDED_DATES = 366;

/*
 * What the browser reads outside its forms. They are here, not beside the schemas that check them
 * (schemas/), so that a page reading them does not load zod and build those schemas (ADR 0018,
 * No zod on signed-in pages).
 */

/** Todos (docs/product/todos.md). */
export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const TODO_LIMITS = { titleMax: 200, descriptionMax: 2000, tagsMax: 10 } as const;
/**
 * How deep subtasks nest: a top-level todo's subtasks are level 1, theirs level 2, and so on, up
 * to this level (issue 32, ADR 0027).
 */
export const SUBTASK_DEPTH_MAX = 3;
/** The list's filters; the due-date filter is ours (issue 5). */
export const TODO_STATUSES = ['all', 'pending', 'completed'] as const;
export const DUE_FILTERS = ['any', 'overdue', 'today', 'week', 'none'] as const;
/** Newest first; soonest due first (no due date last); highest priority first. Each then newest. */
export const TODO_SORTS = ['created', 'due', 'priority'] as const;

/**
 * The orders `GET /api/todos` answers in: the sorts above and 'order', the user's own (the Inbox
 * and each list in the lists' order, then each section's in the sections' order, each by the
 * todos' `order`; ADR 0027), which a list page grouped by section reads rather than offers.
 */
export const TODO_LIST_SORTS = [...TODO_SORTS, 'order'] as const;

/**
 * A repeat rule's INTERVAL and COUNT bounds (docs/product/todos.md, "Repeating todos and habits"):
 * the API's (readRepeatRule) and the todo form's alike.
 */
export const REPEAT_LIMITS = { intervalMax: 999, countMax: 1000 } as const;

/** The preset tag colours, the default and the fallback. */
export const TAG_COLORS = [
  '#3B82F6',
  '#EF4444',
  '#10B981',
  '#F59E0B',
  '#8B5CF6',
  '#EC4899',
  '#06B6D4',
  '#84CC16',
  '#F97316',
  '#6B7280',
] as const;
export const DEFAULT_TAG_COLOR = '#3B82F6';

/** What deleting a list that holds todos does with them (ADR 0026). */
export const LIST_DELETE_CHOICES = ['move', 'delete'] as const;
export const FALLBACK_TAG_COLOR = '#6B7280';

/** Analytics ranges in days, and the activity chart's periods. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export const CHART_PERIODS = ['week', 'month', 'year'] as const;
/** A day's completion is good from 80%, fair from 50%, poor below (Plan Analytics, Daily Completions). */
export const PERFORMANCE_THRESHOLDS = { good: 80, fair: 50 } as const;

/**
 * A user's settings until they change them (docs/product/profile-and-settings.md#settings): what
 * the server writes for a new user, and what the web shows while the settings cannot be read.
 * Migration 0003's column defaults say the same in SQL, as history; code reads this.
 */
export const DEFAULT_SETTINGS = {
  notifications: { email: true, reminders: true, review: false },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: {
    theme: 'system',
    timezone: 'UTC',
    weekStart: 'locale',
    dayStart: '08:00',
    dayEnd: '20:00',
  },
  focus: { focusMinutes: 25, shortBreakMinutes: 5, longBreakMinutes: 15, longBreakEvery: 4 },
} as const satisfies Settings;

/** Profile field caps and who may see a profile. */
export const PROFILE_LIMITS = { bioMax: 500, locationMax: 100, websiteMax: 200 } as const;
export const PROFILE_VISIBILITIES = ['private', 'public', 'friends'] as const;

/** The PDF report covers the last 30 days unless a range is chosen, and a year at most. */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 366;

/**
 * The response header that says how many items an export will hold, so the page can show
 * 'Exporting… 3,200 of 10,000 items' while it reads the stream. Every item of the JSON archive
 * and every row of a CSV file ends with a line break (docs/data-archive.md).
 */
export const EXPORT_ITEMS_HEADER = 'X-Export-Items';

/** Bounds of an API token's name (ours; ADR 0016 caps every input). */
export const API_TOKEN_NAME_MAX = 60;
