/**
 * Every query key of the app, defined once (docs/ARCHITECTURE.md, "The web data layer"). Each
 * resource's keys start with its root, so invalidating the root re-reads everything under it:
 * after a write, and when a realtime event says the resource changed elsewhere.
 */
export const queryKeys = {
  session: ['session'] as const,
  settings: ['settings'] as const,
  profile: ['profile'] as const,
  accountSessions: ['account-sessions'] as const,
  /** The days off that pause the habits' streaks (issue 15). */
  daysOff: ['days-off'] as const,
  /** The devices that receive the user's reminders by web push. */
  pushDevices: ['push-devices'] as const,
  /** Personal API tokens (never their secrets). */
  apiTokens: ['api-tokens'] as const,
  /** The user's notification channels (ntfy, Gotify, webhooks; never their secrets). */
  notificationChannels: ['notification-channels'] as const,
  /** The user's event webhooks (never their secrets), and each one's last delivery attempts. */
  eventWebhooks: ['event-webhooks'] as const,
  eventWebhookAttempts: (id: string) => ['event-webhooks', id, 'attempts'] as const,
  /** Who may sign up on this instance (REGISTRATION, ADR 0039). */
  registration: ['registration'] as const,
  /** The admin page's reads (ADR 0039): users by page, invitations, status, audit log by page. */
  admin: {
    all: ['admin'] as const,
    users: (page: number) => ['admin', 'users', page] as const,
    invitations: ['admin', 'invitations'] as const,
    status: ['admin', 'status'] as const,
    audit: (page: number) => ['admin', 'audit', page] as const,
  },
  /** Whether the calendar feed is on, and its address. */
  calendarFeed: ['calendar-feed'] as const,
  /** The user's one focus timer (ADR 0032). */
  focus: ['focus'] as const,
  /** How this instance signs people in: the single sign-on button, password forms (ADR 0038). */
  signInOptions: ['sign-in-options'] as const,
  /** The account a single sign-on in this browser waits to connect. */
  pendingSsoLink: ['pending-sso-link'] as const,
  /** A password reset link's check; a link is single-use, so it is never kept. */
  resetPasswordLink: (userId: string, secret: string) =>
    ['reset-password-link', userId, secret] as const,

  todos: {
    all: ['todos'] as const,
    stats: ['todos', 'stats'] as const,
    lists: ['todos', 'list'] as const,
    list: (list: string, filters: object) => ['todos', 'list', list, filters] as const,
    reminders: ['todos', 'reminders'] as const,
  },

  /**
   * The user's lists with their open counts (issue 32, ADR 0029). Under the todos' root: every
   * todo write and `todos.changed` moves a count, and invalidating `todos.all` re-reads them.
   */
  lists: {
    all: ['todos', 'todo-lists'] as const,
  },

  /**
   * Every section of every list (ADR 0027); under the todos' root too, as a list's delete or
   * an import changes them along with the todos. `sections.changed` invalidates the key itself.
   */
  sections: {
    all: ['todos', 'sections'] as const,
  },

  /**
   * The user's saved filters with their open counts (issue 32, ADR 0028). Under the todos' root
   * for the same reason as the lists: every todo write moves a count.
   */
  filters: {
    all: ['todos', 'saved-filters'] as const,
  },

  plans: {
    all: ['plans'] as const,
    /** The plan of one day, YYYY-MM-DD (today's too: the key moves on at midnight). */
    day: (date: string) => ['plans', 'day', date] as const,
    completions: (days: number) => ['plans', 'completions', days] as const,
    /** The first day from a date on that has no plan (Create Plan, when today has one). */
    firstFree: (from: string) => ['plans', 'first-free', from] as const,
  },

  tags: {
    all: ['tags'] as const,
  },

  /** One import's progress and result (Settings, Import). */
  imports: {
    one: (id: string) => ['imports', id] as const,
  },

  /** The dashboard's and the plans' figures: todos and plans both feed them. */
  analytics: {
    all: ['analytics'] as const,
    dashboard: ['analytics', 'dashboard'] as const,
    chart: (period: string) => ['analytics', 'chart', period] as const,
    plans: (days: number) => ['analytics', 'plans', days] as const,
    /** Focus minutes per day and estimate against actual (ADR 0032). */
    focus: (days: number) => ['analytics', 'focus', days] as const,
  },

  /** Every social query starts with `social`, so a reconnect re-reads them all at once. */
  social: {
    all: ['social'] as const,
    requests: ['social', 'requests'] as const,
    friends: ['social', 'friends'] as const,
    /** Every search; one search is `search(q)`. */
    searches: ['social', 'search'] as const,
    search: (q: string) => ['social', 'search', q] as const,
    chats: ['social', 'chats'] as const,
    messages: (chatId: string) => ['social', 'messages', chatId] as const,
    /** The mutation key of sends still on their way (their messages show as temporary). */
    sendMessage: ['social', 'send-message'] as const,
    sharedPlans: ['social', 'shared-plans'] as const,
  },

  /** Today and Upcoming, and the sidebar's counts: todo, plan and shared-plan changes feed them. */
  agenda: {
    all: ['agenda'] as const,
    /** Both lists, without the counts. */
    lists: ['agenda', 'list'] as const,
    today: ['agenda', 'list', 'today'] as const,
    upcoming: ['agenda', 'list', 'upcoming'] as const,
    /** The calendar's ranges: every one read, and one by its first and last day. */
    calendars: ['agenda', 'list', 'calendar'] as const,
    calendar: (from: string, to: string) => ['agenda', 'list', 'calendar', from, to] as const,
    counts: ['agenda', 'counts'] as const,
    /** The end-of-day review (issue 33): today's done and unfinished items. */
    review: ['agenda', 'list', 'review'] as const,
  },
};
