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

  plans: {
    all: ['plans'] as const,
  },

  tags: {
    all: ['tags'] as const,
  },

  /** The dashboard's and the plans' figures: todos and plans both feed them. */
  analytics: {
    all: ['analytics'] as const,
  },

  social: {
    all: ['social'] as const,
  },
};
