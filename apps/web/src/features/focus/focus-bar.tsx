import { FOCUS_MESSAGES } from '@daywise/shared/focus-messages';
import type { FocusTimer } from '@daywise/shared/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pause, Play, SkipForward, Square, Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { IconButton } from '../../components/button';
import { focusQuery, useFocusAction } from '../../lib/focus';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';

/**
 * 65_000 → '01:05'; an hour or more → '1:01:05'. A countdown shows a second begun as whole (it
 * reads 00:00 only at the end); a stopwatch, `countingUp`, only the seconds run.
 */
export function clockText(ms: number, countingUp = false): string {
  const total = Math.max((countingUp ? Math.floor : Math.ceil)(ms / 1000), 0);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * What the bar shows at `now` on the server's clock: the time left of a pomodoro phase (from its
 * end time, so it never drifts), or a stopwatch's time run.
 */
export function shownMs(timer: FocusTimer, serverNow: number): number {
  if (timer.mode === 'stopwatch') {
    const ran = timer.runningSince ? serverNow - new Date(timer.runningSince).getTime() : 0;
    return timer.elapsedMs + Math.max(ran, 0);
  }
  if (timer.endsAt) {
    return Math.max(new Date(timer.endsAt).getTime() - serverNow, 0);
  }
  return timer.remainingMs ?? 0;
}

/** Ticks every second while `running`, answering the tab's clock. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running]);
  return now;
}

/**
 * Tells the user, once, that a pomodoro phase ran out, in the words of the push they may also get
 * (ADR 0032): seen by this tab's clock reaching the end (`phaseOver`), or by the server's answer
 * having moved the timer on first (its phase end job ran, and the realtime event re-read the
 * timer). A phase left before its end (a skip) is no end, and a reopened tab tells nothing old.
 */
function usePhaseEndNotice(timer: FocusTimer, phaseOver: boolean) {
  const previous = useRef(timer);
  const told = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = timer;
    const movedOn = before.phase !== timer.phase || before.phaseStartedAt !== timer.phaseStartedAt;
    const ranOut =
      movedOn && before.endsAt !== null && Date.parse(before.endsAt) <= Date.parse(timer.serverNow);
    const ended = phaseOver ? timer : ranOut ? before : null;
    if (ended?.endsAt && told.current !== ended.endsAt) {
      told.current = ended.endsAt;
      const { title } = timer.item;
      notify.info(
        ended.phase === 'focus' ? FOCUS_MESSAGES.focusDone(title) : FOCUS_MESSAGES.breakDone(title),
      );
    }
  }, [timer, phaseOver]);
}

function phaseText(timer: FocusTimer): string {
  return timer.mode === 'stopwatch'
    ? FOCUS_MESSAGES.stopwatch
    : FOCUS_MESSAGES.phaseLabel[timer.phase];
}

/**
 * The running timer's bar: its item, phase and time, and its controls (ADR 0032). `receivedAt`
 * is when the tab got the answer, so the server's clock is the tab's plus their difference then.
 */
function TimerBar({ timer, receivedAt }: { timer: FocusTimer; receivedAt: number }) {
  const queryClient = useQueryClient();
  const action = useFocusAction();
  const skew = new Date(timer.serverNow).getTime() - receivedAt;
  const ms = shownMs(timer, useNow(!timer.paused) + skew);
  const phaseOver = timer.mode === 'pomodoro' && timer.endsAt !== null && ms === 0;
  usePhaseEndNotice(timer, phaseOver);

  useEffect(() => {
    if (!phaseOver) {
      return undefined;
    }
    // The phase ran out: read the timer the server has moved on.
    const reread = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.focus }),
      1000,
    );
    return () => clearTimeout(reread);
  }, [phaseOver, queryClient]);

  return (
    <section
      aria-label={FOCUS_MESSAGES.timerRegion}
      className="flex min-w-0 items-center gap-1 rounded-lg border border-gray-200 px-2 py-1 text-sm dark:border-gray-700"
      data-testid="focus-bar"
    >
      <Timer aria-hidden className="size-4 shrink-0 text-blue-600" />
      <span className="hidden max-w-40 truncate font-medium sm:inline" title={timer.item.title}>
        {timer.item.title}
      </span>
      <span className="text-gray-600 dark:text-gray-300">
        {timer.paused ? `${phaseText(timer)} · ${FOCUS_MESSAGES.paused}` : phaseText(timer)}
      </span>
      <span className="font-mono tabular-nums" data-testid="focus-time">
        {clockText(ms, timer.mode === 'stopwatch')}
      </span>
      <IconButton
        tone="row"
        label={timer.paused ? FOCUS_MESSAGES.resume : FOCUS_MESSAGES.pause}
        onClick={() => action.mutate(timer.paused ? 'resume' : 'pause')}
      >
        {timer.paused ? (
          <Play aria-hidden className="size-4" />
        ) : (
          <Pause aria-hidden className="size-4" />
        )}
      </IconButton>
      {timer.mode === 'pomodoro' ? (
        <IconButton tone="row" label={FOCUS_MESSAGES.skip} onClick={() => action.mutate('skip')}>
          <SkipForward aria-hidden className="size-4" />
        </IconButton>
      ) : null}
      <IconButton tone="row" label={FOCUS_MESSAGES.stop} onClick={() => action.mutate('stop')}>
        <Square aria-hidden className="size-4" />
      </IconButton>
    </section>
  );
}

/**
 * The focus timer in the header, while there is one: loaded on its own after the shell (the
 * first-load budget), read from GET /api/focus and kept by the realtime event.
 */
export default function FocusBar() {
  const { data, dataUpdatedAt } = useQuery(focusQuery);
  return data?.timer ? (
    <TimerBar key={data.timer.item.id} timer={data.timer} receivedAt={dataUpdatedAt} />
  ) : null;
}
