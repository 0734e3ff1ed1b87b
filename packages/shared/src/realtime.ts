/**
 * What the server pushes over `/api/realtime`. Each event is one JSON text frame and
 * reaches every socket of every user it names, on any server instance. Events say what changed;
 * the client updates or re-reads the matching queries. Message events carry the message so the
 * open chat shows it without a round trip.
 */
import type { FriendRequest, Message } from './schemas/social';

export type RealtimeEvent =
  /** A request was sent (to its receiver and its sender). */
  | { type: 'friend-request.created'; request: FriendRequest }
  /** A request was accepted or rejected (to both). */
  | { type: 'friend-request.removed'; requestId: string }
  /** A friendship began or ended (to both). */
  | { type: 'friendship.changed' }
  /** A chat was opened, or its last message changed (to both participants). */
  | { type: 'chat.changed'; chatId: string }
  | { type: 'chat.deleted'; chatId: string }
  | { type: 'message.created'; message: Message }
  | { type: 'message.updated'; message: Message }
  | { type: 'message.deleted'; chatId: string; messageId: string }
  /** `readerId` read the other participant's messages of the chat. */
  | { type: 'messages.read'; chatId: string; readerId: string }
  | { type: 'shared-plan.changed'; planId: string }
  | { type: 'shared-plan.deleted'; planId: string }
  /**
   * The user's own data changed elsewhere (another tab or device). `todoIds`: the todos a write
   * changed, when it knows them and they are few (the server's saved filters' counts follow them,
   * ADR 0028); without them, any todo may have changed.
   */
  | { type: 'todos.changed'; todoIds?: string[] }
  | { type: 'lists.changed' }
  /** The user's saved filters changed (their counts follow `todos.changed`). */
  | { type: 'filters.changed' }
  /** The user's sections changed (created, renamed, moved, deleted, or with their list). */
  | { type: 'sections.changed' }
  | { type: 'plans.changed' }
  /** The user's focus timer started, changed phase, paused, resumed or stopped (ADR 0032). */
  | { type: 'focus.changed' }
  /**
   * Events may have been lost (the server's link to its message broker dropped): the client reads
   * everything again, as after its own reconnect.
   */
  | { type: 'resync' };

export type RealtimeEventType = RealtimeEvent['type'];

/** Close codes the server uses; the client does not reconnect after these. */
export const REALTIME_CLOSE = {
  /** The session ended (logout, password reset, account deletion). */
  sessionEnded: 4001,
  /** Too many or too large inbound frames. */
  policyViolation: 1008,
} as const;
