import type { AppInstance } from '../lib/app-instance';
import type { SessionsToEnd } from '../realtime/bus';

declare module '../lib/events' {
  interface DomainEvents {
    /**
     * A user deleted their account. Emitted inside the deleting transaction (each feature deletes
     * its own data there) and again once it has committed.
     */
    'account.deleted': { userId: string };
    /**
     * Sessions of a user ended: signed out, revoked from the sessions list, or all of them by a
     * password reset. Which ones, as the realtime bus names them.
     */
    'sessions.ended': SessionsToEnd;
  }
}

/**
 * Whether `ended` is every session of the user, as a password reset ends them. What the account's
 * secrets opened ends with them (API tokens, push devices, the calendar feed's address): whoever
 * made the reset necessary may hold those too.
 */
export function endsEverySession(ended: SessionsToEnd): boolean {
  return ended.sessionId === undefined && ended.exceptSessionId === undefined;
}

export function accountSubscribers(app: AppInstance): void {
  // A socket outlives the cookie check made at its upgrade: every one of the user's closes.
  app.events.on('account.deleted', ({ userId }) => {
    app.realtime.endSessions({ userId });
  });
  // The same for the sessions that ended: their sockets close on every instance.
  app.events.on('sessions.ended', ({ userId, sessionId, exceptSessionId }) => {
    app.realtime.endSessions({
      userId,
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(exceptSessionId === undefined ? {} : { exceptSessionId }),
    });
  });
}
