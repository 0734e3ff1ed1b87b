import type { Todo } from '@daywise/shared/schemas';
import { type ReactNode, useState } from 'react';

import { MoveToDayDialog } from './move-to-day-dialog';
import { RepeatMoveDialog } from './repeat-move-dialog';
import { useRescheduleTodo } from './use-calendar';
import { useMoveRepeat } from './use-move-repeat';

type MoveDialog =
  | { kind: 'move'; todo: Todo; from: string }
  | { kind: 'repeat'; todo: Todo; occurrence: string; to: string }
  | null;

export interface CalendarMoves {
  /**
   * Moves a todo from the day `from` to `to` (and to `time`, when given): a plain todo at once, a
   * repeating one once the user has said whether this occurrence or all (ADR 0031).
   */
  move: (todo: Todo, to: string, from: string, time?: string | null) => void;
  /** Opens 'Move to…' for the todo on `from`. */
  moveTo: (todo: Todo, from: string) => void;
  /** The dialogs these open, to draw in the page. */
  dialogs: ReactNode;
}

/** The calendar's moves of todos, by drag and by 'Move to…', and the dialogs they ask in. */
export function useCalendarMoves(today: string): CalendarMoves {
  const reschedule = useRescheduleTodo();
  const moveRepeat = useMoveRepeat();
  const [dialog, setDialog] = useState<MoveDialog>(null);

  const move: CalendarMoves['move'] = (todo, to, from, time) => {
    if (todo.repeat) {
      if (to !== from) {
        setDialog({ kind: 'repeat', todo, occurrence: from, to });
      }
      return;
    }
    reschedule.mutate({ todo, to, ...(time === undefined ? {} : { time }) });
  };

  const dialogs = (
    <>
      {dialog?.kind === 'move' && (
        <MoveToDayDialog
          title={dialog.todo.title}
          day={dialog.from}
          today={today}
          // A series' time is its own: only the days of its occurrences move.
          time={dialog.todo.repeat ? undefined : dialog.todo.dueTime}
          onMove={(day, time) => move(dialog.todo, day, dialog.from, time)}
          // The repeat question may have taken its place.
          onClose={() => setDialog((current) => (current?.kind === 'move' ? null : current))}
        />
      )}
      {dialog?.kind === 'repeat' && (
        <RepeatMoveDialog
          todo={dialog.todo}
          occurrence={dialog.occurrence}
          to={dialog.to}
          onChoose={(scope) => {
            moveRepeat.mutate({ ...dialog, scope });
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
  return { move, moveTo: (todo, from) => setDialog({ kind: 'move', todo, from }), dialogs };
}
