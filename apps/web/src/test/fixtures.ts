import type { CalendarRange, ListsAnswer, Todo } from '@daywise/shared/schemas';

/**
 * A todo as the server answers it: a pending, one-off, medium todo with no dates or tags, created on
 * 20 Nov 2026, with `fields` on top.
 */
export function makeTodo(fields: Partial<Todo> = {}): Todo {
  return {
    id: 't1',
    title: 'Write the report',
    description: '',
    priority: 'medium',
    dueDate: null,
    reminderTime: null,
    completed: false,
    completedAt: null,
    repeat: null,
    habit: null,
    tags: [],
    listId: null,
    dueTime: null,
    reminders: [],
    sectionId: null,
    parentId: null,
    order: 0,
    subtaskCounts: { open: 0, total: 0, openBelow: 0, totalBelow: 0 },
    blockDate: null,
    blockStart: null,
    blockMinutes: null,
    estimateMinutes: null,
    focusMinutes: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

/** A user with no lists yet: every todo in the Inbox, none open. */
export const NO_LISTS: ListsAnswer = { inbox: { openCount: 0 }, lists: [] };

/** A calendar range from `from` to `to` holding nothing but `edit`. */
export function calendarRange(
  from: string,
  to: string,
  edit: Partial<CalendarRange> = {},
): CalendarRange {
  return {
    from,
    to,
    todos: [],
    repeats: [],
    planTasks: [],
    sharedTasks: [],
    daysOff: [],
    blocks: [],
    ...edit,
  };
}
