import type { Todo } from '@daywise/shared/schemas';
import { CheckCircle2, Circle, Loader2, Plus } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '../../components/button';
import { SubtasksRead } from './subtasks-read';
import { useAddSubtask, useSubtasks } from './use-subtasks';

const inputClass =
  'min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900';

/**
 * The edit dialog's Subtasks (ADR 0027, web): the todo's subtasks, each with its done state, and a
 * field that adds one (Add, or Enter, which here adds rather than saving the dialog). A new
 * todo's dialog has none: a subtask needs its parent to exist.
 */
export function TodoSubtasksField({ parent }: { parent: Todo }) {
  const [title, setTitle] = useState('');
  const [added, setAdded] = useState(false);
  const add = useAddSubtask(parent);
  // Read only when there is something to read: a todo without subtasks costs no request.
  const read = useSubtasks(parent.id, parent.subtaskCounts.total > 0 || added);
  const { subtasks } = read;
  const headingId = useId();

  const submit = () => {
    const trimmed = title.trim();
    if (!trimmed || add.isPending) {
      return;
    }
    add.mutate(trimmed, {
      onSuccess: () => {
        setTitle('');
        setAdded(true);
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-medium">
        Subtasks
      </h3>
      <SubtasksRead read={read}>
        <ul aria-labelledby={headingId} className="space-y-1">
          {subtasks.map((subtask) => (
            <li key={subtask.id} className="flex items-center gap-2 text-sm">
              {subtask.completed ? (
                <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-600" />
              ) : (
                <Circle aria-hidden className="size-4 shrink-0 text-gray-400" />
              )}
              <span
                className={`break-words ${subtask.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''}`}
              >
                {subtask.title}
              </span>
              {subtask.completed && <span className="sr-only">(done)</span>}
            </li>
          ))}
        </ul>
      </SubtasksRead>
      <div className="flex gap-2">
        <input
          aria-label="New subtask"
          placeholder="Add a subtask"
          value={title}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Enter adds the subtask; the dialog's own Save stays a click or its button away.
              event.preventDefault();
              submit();
            }
          }}
          className={inputClass}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={add.isPending || title.trim() === ''}
          onClick={submit}
        >
          {add.isPending ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden className="size-4" />
          )}
          Add
        </Button>
      </div>
    </section>
  );
}
