/** The signed-in user a request is made for, by a session cookie or an API token. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

/**
 * Who calls a 'user' endpoint: the user, and the session's id (`api-token:<id>` when an API
 * token authenticated the request).
 */
export interface Caller {
  user: SessionUser;
  sessionId: string;
}
