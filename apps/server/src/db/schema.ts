import type { Generated, SqlBool } from 'kysely';

import type {
  DavCollectionTable,
  DavObjectTable,
  DavSyncItemTable,
  DavSyncStateTable,
  DayOffTable,
  ListTable,
  SavedFilterTable,
  SectionTable,
  TodoCountTable,
  TodoOccurrenceTable,
  TodoTable,
  TodoTagTable,
  UserTagTable,
} from './schema-todos';

export type {
  DavCollectionTable,
  DavObjectTable,
  DavSyncItemTable,
  DavSyncStateTable,
  DayOffTable,
  ListTable,
  SavedFilterTable,
  SectionTable,
  TodoCountTable,
  TodoOccurrenceTable,
  TodoTable,
  TodoTagTable,
  UserTagTable,
} from './schema-todos';

/**
 * The database's tables as Kysely sees them. Timestamps are ISO-8601 UTC strings on both engines
 * (TEXT on SQLite, timestamptz on PostgreSQL with a parser that returns ISO strings), so the
 * application code never branches on the engine (ADR 0003).
 */
export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface FeedbackTable {
  id: string;
  name: string;
  email: string;
  /** 0 when the sender gave no rating, else 1-5. */
  rating: number;
  category: string;
  feedback: string;
  created_at: string;
}

/** Better Auth's user, with our extra fields (docs/product/accounts.md). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: SqlBool;
  image: string | null;
  created_at: string;
  updated_at: string;
  email_verified_at: string | null;
  is_deleted: SqlBool;
  deleted_at: string | null;
  restored_at: string | null;
  /** Set while an admin has the account disabled (migration 0040, ADR 0039). */
  disabled_at: string | null;
  bio: Generated<string>;
  location: Generated<string>;
  website: Generated<string>;
}

export interface ProfilePictureTable {
  user_id: string;
  content_type: string;
  data: Buffer;
  /** Changes with every upload; part of the picture's URL so browsers fetch the new one. */
  version: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  /** Better Auth's scrypt hash; never the password. */
  password: string | null;
  created_at: string;
  updated_at: string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'restore-account';

/** Single-use emailed tokens; only the SHA-256 of the secret is stored. */
export interface AccountTokenTable {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

/** Columns with a database default are Generated: an insert may leave them out. */
export interface UserSettingsTable {
  user_id: string;
  email_notifications: Generated<SqlBool>;
  task_reminders: Generated<SqlBool>;
  profile_visibility: Generated<'private' | 'public' | 'friends'>;
  activity_tracking: Generated<SqlBool>;
  theme: Generated<'light' | 'dark' | 'system'>;
  timezone: Generated<string>;
  /** Migration 0028: the browser locale's ('locale') or a chosen day. */
  week_start: Generated<'locale' | 'monday' | 'sunday'>;
  /** Migration 0031 (issue 33): the user's day as HH:MM, the review reminder, the focus timer. */
  day_start: Generated<string>;
  day_end: Generated<string>;
  review_reminders: Generated<SqlBool>;
  focus_minutes: Generated<number>;
  short_break_minutes: Generated<number>;
  long_break_minutes: Generated<number>;
  long_break_every: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A user's plan and task counts, kept by triggers (migration 0020). */
export interface PlanCountTable {
  user_id: string;
  plans: number;
  tasks: number;
  completed_tasks: number;
}

/** A confirmed import, polled by the page for progress and result (migration 0017). */
export interface ImportTable {
  id: string;
  user_id: string;
  format: 'daywise' | 'todoist' | 'ticktick';
  file_name: string;
  status: 'running' | 'done' | 'failed';
  /** Items the file holds that can be imported. */
  total: number;
  processed: Generated<number>;
  created_count: Generated<number>;
  /** Items an earlier import of the same file already brought in. */
  existing_count: Generated<number>;
  tags_created: Generated<number>;
  /** JSON: the per-row problems, `{ row, message }[]`. */
  problems: Generated<string>;
  /** JSON: what else an archive import restored, one line each (migration 0019). */
  restored: Generated<string>;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** What an import brought in, by per-user source key, so a second import adds nothing. */
export interface ImportItemTable {
  user_id: string;
  source_key: string;
  todo_id: string;
  /** The todo's archived records are not all written yet (migration 0029). */
  history_pending: Generated<SqlBool>;
}

export interface DailyPlanTable {
  id: string;
  user_id: string;
  /** YYYY-MM-DD */
  plan_date: string;
  title: string;
  description: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface DailyTaskTable {
  id: string;
  plan_id: string;
  user_id: string;
  /** The task's place in its plan, from 0. */
  position: number;
  title: string;
  description: Generated<string>;
  priority: Generated<'low' | 'medium' | 'high'>;
  tag: string | null;
  tag_color: string | null;
  reminder_time: string | null;
  completed: Generated<SqlBool>;
  completed_at: string | null;
  /** YYYY-MM-DD: the day it was completed, in the user's time zone then (ADR 0010). */
  completed_date: string | null;
  /** Migration 0034 (the review): the todo it was carried to a day as, or null. */
  carried_todo_id: Generated<string | null>;
  /** Migration 0034: let go by the review; it stays unfinished in its day's record. */
  dropped: Generated<SqlBool>;
  created_at: string;
  updated_at: string;
  /** HH:MM: its time block's start on the plan's day, or null (migration 0032, ADR 0031). */
  block_start: string | null;
  /** Its time block's length in minutes, or null. */
  block_minutes: number | null;
  /** The minutes of its focus sessions, kept with each one written (ADR 0032). */
  focus_minutes: Generated<number>;
}

export interface DailyCompletionTable {
  id: string;
  user_id: string;
  plan_id: string;
  /** The plan's date. */
  date: string;
  total_tasks: number;
  completed_tasks: number;
  completion_percentage: number;
  /** JSON: TagStat[] */
  tag_stats: string;
  created_at: string;
  updated_at: string;
}

/** One pending request per ordered pair; accepting or rejecting deletes it (ADR 0011). */
export interface FriendRequestTable {
  id: string;
  from_user_id: string;
  to_user_id: string;
  status: Generated<'pending'>;
  created_at: string;
}

/** Each pair once, `user1_id < user2_id`. */
export interface FriendshipTable {
  user1_id: string;
  user2_id: string;
  created_at: string;
}

/** One chat per pair, `user1_id < user2_id`; `last_message` is the newest one's first 100 characters. */
export interface ChatTable {
  id: string;
  user1_id: string;
  user2_id: string;
  last_message: string | null;
  last_message_at: string | null;
  created_at: string;
}

export interface MessageTable {
  id: string;
  chat_id: string;
  sender_id: string;
  content: string;
  message_type: Generated<'text'>;
  is_read: Generated<SqlBool>;
  is_edited: Generated<SqlBool>;
  edited_at: string | null;
  /** Strictly increasing within a chat, so a page's order is the order of sending. */
  created_at: string;
}

export interface SharedPlanTable {
  id: string;
  creator_id: string;
  shared_with_id: string;
  title: string;
  description: Generated<string>;
  /** YYYY-MM-DD */
  date: string;
  status: Generated<'active'>;
  created_at: string;
  /** Bumped by every change to the plan or one of its tasks. */
  updated_at: string;
}

export interface SharedPlanTaskTable {
  id: string;
  plan_id: string;
  title: string;
  completed: Generated<SqlBool>;
  created_by: string;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
  completed_by: string | null;
  completed_at: string | null;
}

/** A creating write's remembered answer (migration 0008, lib/idempotency.ts). */
export interface IdempotencyKeyTable {
  user_id: string;
  key: string;
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  response: string | null;
  created_at: string;
  expires_at: string;
}

/** One reminder that came due, keyed by item and fire instant (migration 0011). */
export interface ReminderDeliveryTable {
  /** `todo:<id>@<ISO instant>` or `task:<id>@<ISO instant>`. */
  key: string;
  user_id: string;
  fire_at: string;
  /** Sent to the channels, or found more than 15 minutes late and not sent. */
  outcome: 'sent' | 'missed' | 'shown';
  created_at: string;
}

/** A pending reminder on SQLite (PostgreSQL keeps them in Graphile Worker), migration 0011. */
export interface ReminderJobTable {
  /** `todo:<id>` or `task:<id>`: one pending reminder per item. */
  key: string;
  user_id: string;
  run_at: string;
  /** The job's JSON payload (reminders/queue.ts). */
  payload: string;
}

/** A browser's web push subscription (migration 0012, push/). */
export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url, that encrypt each payload. */
  p256dh: string;
  auth: string;
  device_label: string;
  /** The session that subscribed it; its end removes the subscription (push/events.ts). */
  session_id: string | null;
  created_at: string;
  last_success_at: string | null;
}

/** A notification channel of the user's (migration 0038, notification-channels/, ADR 0037). */
export interface NotificationChannelTable {
  id: string;
  user_id: string;
  kind: 'ntfy' | 'gotify' | 'webhook';
  name: string;
  /** ntfy's server, Gotify's address, or the webhook's URL. */
  url: string;
  topic: string | null;
  /** An ntfy or Gotify token, or the webhook's signing secret; never answered, never logged. */
  secret: string | null;
  /** 1 when the last notification was taken (2xx), 0 when not; null before the first. */
  last_ok: number | null;
  last_status: number | null;
  last_message: string | null;
  last_at: string | null;
  created_at: string;
}

/** A webhook for the user's own events (migration 0041, event-webhooks/, ADR 0040). */
export interface EventWebhookTable {
  id: string;
  user_id: string;
  name: string;
  url: string;
  /** The events it is sent, as a JSON array of WEBHOOK_EVENTS. */
  events: string;
  /** The signing secret (`whsec_…`); never answered after creation, never logged. */
  secret: string;
  created_at: string;
}

/** One delivery attempt to an event webhook (migration 0041); the last few are kept per webhook. */
export interface WebhookAttemptTable {
  id: string;
  webhook_id: string;
  delivery_id: string;
  event: string;
  attempt: number;
  /** 1 when the receiver took it (2xx). */
  ok: number;
  status: number | null;
  message: string;
  /** 1 when this try failed and no other follows. */
  gave_up: number;
  at: string;
}

/** A personal API token (migration 0018, api-tokens/): its SHA-256, never the token. */
export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'read-write' | 'caldav';
  /** SHA-256 of the token, hex. */
  token_hash: string;
  created_at: string;
  /** Moved on at most once a minute (api-tokens/tokens.ts). */
  last_used_at: string | null;
}

/** A user's calendar feed (migration 0018, calendar/): no secret, only the address's version. */
export interface CalendarFeedTable {
  user_id: string;
  /** Part of the HMAC in the feed's address; rotating adds one. */
  version: number;
  enabled: SqlBool;
  updated_at: string;
}

/** A user's one focus timer (migration 0033, focus/, ADR 0032). */
export interface FocusTimerTable {
  user_id: string;
  item_kind: 'todo' | 'task';
  item_id: string;
  mode: 'pomodoro' | 'stopwatch';
  phase: 'focus' | 'shortBreak' | 'longBreak';
  /** When the phase began (a focus session's start). */
  phase_started_at: string;
  /** The phase's length (pomodoro); null for a stopwatch. */
  phase_ms: number | null;
  /** Time run in the phase before `running_since`. */
  elapsed_ms: number;
  /** When it last started running; null while paused. */
  running_since: string | null;
  /** Focus periods done since the timer started. */
  focus_count: number;
  updated_at: string;
}

/** A recorded focus period or stopwatch run (migration 0033): on a todo or a plan task. */
export interface FocusSessionTable {
  id: string;
  user_id: string;
  todo_id: string | null;
  task_id: string | null;
  started_at: string;
  ended_at: string;
  minutes: number;
}

/** An admin's invitation to sign up (migration 0040): the link's secret is kept as its hash. */
export interface InvitationTable {
  id: string;
  email: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** One admin action (migration 0040), shown on the admin page. */
export interface AdminAuditTable {
  id: string;
  admin_id: string | null;
  admin_email: string;
  action: string;
  /** Whom or what the action was about: an email address, usually. */
  target: string;
  created_at: string;
}

export interface Database {
  contact_messages: ContactMessageTable;
  feedback: FeedbackTable;
  users: UserTable;
  sessions: SessionTable;
  accounts: AccountTable;
  verifications: VerificationTable;
  account_tokens: AccountTokenTable;
  app_settings: AppSettingTable;
  user_settings: UserSettingsTable;
  profile_pictures: ProfilePictureTable;
  todos: TodoTable;
  lists: ListTable;
  saved_filters: SavedFilterTable;
  sections: SectionTable;
  todo_counts: TodoCountTable;
  todo_occurrences: TodoOccurrenceTable;
  days_off: DayOffTable;
  user_tags: UserTagTable;
  todo_tags: TodoTagTable;
  dav_objects: DavObjectTable;
  dav_collections: DavCollectionTable;
  dav_sync_state: DavSyncStateTable;
  dav_sync_items: DavSyncItemTable;
  imports: ImportTable;
  import_items: ImportItemTable;
  daily_plans: DailyPlanTable;
  daily_tasks: DailyTaskTable;
  daily_completions: DailyCompletionTable;
  plan_counts: PlanCountTable;
  friend_requests: FriendRequestTable;
  friendships: FriendshipTable;
  chats: ChatTable;
  messages: MessageTable;
  shared_plans: SharedPlanTable;
  shared_plan_tasks: SharedPlanTaskTable;
  idempotency_keys: IdempotencyKeyTable;
  reminder_deliveries: ReminderDeliveryTable;
  reminder_jobs: ReminderJobTable;
  push_subscriptions: PushSubscriptionTable;
  notification_channels: NotificationChannelTable;
  event_webhooks: EventWebhookTable;
  webhook_attempts: WebhookAttemptTable;
  api_tokens: ApiTokenTable;
  calendar_feeds: CalendarFeedTable;
  focus_timers: FocusTimerTable;
  focus_sessions: FocusSessionTable;
  invitations: InvitationTable;
  admin_audit: AdminAuditTable;
}
