import { BLOCK_STEP_MINUTES, clockOfMinutes, FALLBACK_TAG_COLOR } from '@daywise/shared';
import { X } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';

import { Button } from '../../components/button';
import {
  layoutSpans,
  moveSpan,
  resizeSpan,
  snap,
  type Span,
  spanLabel,
  timelineHours,
} from '../../lib/timeline-layout';
import { BLOCK_TEXTS } from './use-blocks';

/** How tall a minute is on the timeline, in pixels (an hour is 48 px). */
export const MINUTE_PX = 0.8;

/** A block the timeline shows: a plan task's or a todo's, in minutes from midnight. */
export interface TimelineBlock extends Span {
  kind: 'task' | 'todo';
  title: string;
  completed: boolean;
  color: string | null;
}

interface DayTimelineProps {
  /** What the timeline is of, for its label ('Timeline of Saturday, 21 November'). */
  label: string;
  dayStart: string;
  dayEnd: string;
  blocks: readonly TimelineBlock[];
  /** A block moved or resized (start and length in minutes), or taken off (null). */
  onChange: (block: TimelineBlock, next: Pick<Span, 'start' | 'minutes'> | null) => void;
}

type Drag = {
  id: string;
  mode: 'move' | 'resize';
  fromY: number;
  original: Span;
  preview: Span;
};

/**
 * The day's timeline (ADR 0031, Time blocks): hour rows from the user's day start to day end
 * (wider when a block lies outside), the day's blocks at their time, side by side where they
 * overlap. A block is dragged to move it, resized by its bottom handle, and, focused, moved by
 * the arrow keys and resized with Shift, 15 minutes a step; each change is said aloud.
 */
export function DayTimeline({ label, dayStart, dayEnd, blocks, onChange }: DayTimelineProps) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState('');
  const moved = useRef(false);
  const shown = blocks.map((block) =>
    drag?.id === block.id ? { ...block, ...drag.preview, id: block.id } : block,
  );
  const { first, last } = timelineHours(dayStart, dayEnd, shown);
  const top = first * 60;
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const byId = new Map(shown.map((block) => [block.id, block]));

  const commit = (block: TimelineBlock, next: Pick<Span, 'start' | 'minutes'>, verb: string) => {
    if (next.start === block.start && next.minutes === block.minutes) {
      return;
    }
    onChange(block, next);
    setSaid(`${block.title} ${verb} ${spanLabel(next)}`);
  };

  const startDrag = (event: PointerEvent, block: TimelineBlock, mode: Drag['mode']) => {
    if (event.button !== 0) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    moved.current = false;
    setDrag({ id: block.id, mode, fromY: event.clientY, original: block, preview: block });
  };
  const followDrag = (event: PointerEvent) => {
    if (!drag) {
      return;
    }
    const delta = snap((event.clientY - drag.fromY) / MINUTE_PX);
    const preview =
      drag.mode === 'move' ? moveSpan(drag.original, delta) : resizeSpan(drag.original, delta);
    moved.current = moved.current || delta !== 0;
    setDrag({ ...drag, preview });
  };
  const endDrag = (block: TimelineBlock) => {
    if (drag) {
      commit(block, drag.preview, drag.mode === 'move' ? 'moved to' : 'now');
    }
    setDrag(null);
  };

  const onKey = (event: KeyboardEvent, block: TimelineBlock) => {
    const step = { ArrowUp: -BLOCK_STEP_MINUTES, ArrowDown: BLOCK_STEP_MINUTES }[event.key];
    if (step === undefined) {
      return;
    }
    event.preventDefault();
    if (event.shiftKey) {
      commit(block, resizeSpan(block, step), 'now');
    } else {
      commit(block, moveSpan(block, step), 'moved to');
    }
  };

  return (
    <div>
      <div
        role="group"
        aria-label={label}
        className="relative rounded-xl border border-gray-200 dark:border-gray-800"
        style={{ height: (last - first) * 60 * MINUTE_PX }}
      >
        {hours.map((hour) => (
          <div
            key={hour}
            aria-hidden
            className="absolute inset-x-0 border-t border-gray-100 pl-1 text-xs text-gray-500 first:border-t-0 dark:border-gray-800 dark:text-gray-400"
            style={{ top: (hour * 60 - top) * MINUTE_PX }}
          >
            {clockOfMinutes(hour * 60)}
          </div>
        ))}
        <div className="absolute inset-y-0 right-1 left-14">
          {layoutSpans(shown).map((placed) => {
            const block = byId.get(placed.id);
            if (!block) {
              return null;
            }
            const original = blocks.find((each) => each.id === block.id) ?? block;
            return (
              <div
                key={block.id}
                role="button"
                tabIndex={0}
                data-block={block.id}
                aria-label={`Time block ${block.title}, ${spanLabel(block)}${block.kind === 'todo' ? ' (todo)' : ''}`}
                aria-describedby="timeline-keys"
                onKeyDown={(event) => onKey(event, original)}
                onPointerDown={(event) => startDrag(event, original, 'move')}
                onPointerMove={followDrag}
                onPointerUp={() => endDrag(original)}
                onPointerCancel={() => setDrag(null)}
                className={`absolute cursor-grab touch-none overflow-hidden rounded-lg border-l-4 bg-blue-50 px-2 py-0.5 text-xs shadow-sm select-none focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-blue-950 ${block.completed ? 'line-through opacity-70' : ''} ${drag?.id === block.id ? 'z-10 cursor-grabbing ring-2 ring-blue-400' : ''}`}
                style={{
                  top: (block.start - top) * MINUTE_PX,
                  height: Math.max(block.minutes * MINUTE_PX, 14),
                  left: `${(placed.column / placed.columns) * 100}%`,
                  width: `calc(${100 / placed.columns}% - 4px)`,
                  borderLeftColor:
                    block.color ?? (block.kind === 'todo' ? '#6B7280' : FALLBACK_TAG_COLOR),
                }}
              >
                <span className="font-medium">{block.title}</span>{' '}
                <span className="text-gray-600 tabular-nums dark:text-gray-300">
                  {spanLabel(block)}
                </span>
                <Button
                  variant="bare"
                  aria-label={`${BLOCK_TEXTS.unschedule}: ${block.title}`}
                  onPointerDown={(event) => event.stopPropagation()}
                  onClick={() => {
                    onChange(original, null);
                    setSaid(`${block.title} removed from the timeline`);
                  }}
                  className="absolute top-0.5 right-0.5 rounded p-0.5 text-gray-500 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-gray-800"
                >
                  <X aria-hidden className="size-3" />
                </Button>
                <div
                  aria-hidden
                  data-resize={block.id}
                  onPointerDown={(event) => startDrag(event, original, 'resize')}
                  onPointerMove={followDrag}
                  onPointerUp={() => endDrag(original)}
                  className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize bg-blue-200/60 dark:bg-blue-800/60"
                />
              </div>
            );
          })}
        </div>
      </div>
      <p id="timeline-keys" className="mt-1 text-xs text-gray-500 dark:text-gray-400">
        {BLOCK_TEXTS.keys}
      </p>
      <p aria-live="polite" role="status" className="sr-only">
        {said}
      </p>
    </div>
  );
}
