/**
 * The social feature's one way into the realtime channel: events, and whether the
 * socket is up (while it is down the lists poll, ADR 0011).
 */
export { useRealtimeConnected, useRealtimeEvent } from '../../lib/realtime';
