import type { RealtimeEvent } from '@daywise/shared';

/**
 * The social feature's view of the realtime channel (DESIGN §3). `lib/realtime.ts` is being
 * built alongside this feature; until it lands, the channel reads as down, so every list polls
 * (ADR 0011's fallback) and the page works the same, only later. When it lands, this file becomes
 * `export { useRealtimeConnected, useRealtimeEvent } from '../../lib/realtime';`.
 */
export function useRealtimeConnected(): boolean {
  return false;
}

export function useRealtimeEvent(listener: (event: RealtimeEvent) => void): void {
  void listener;
}
