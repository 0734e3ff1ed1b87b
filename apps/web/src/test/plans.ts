import type { CalendarRange, Plan, PlanTask } from '@daywise/shared/schemas';

/** A plan on `planDate` with one pending task, for tests that step through days. */
export function planOn(
  planDate: string,
  { title = 'Plan', task = {} }: { title?: string; task?: Partial<PlanTask> } = {},
): Plan {
  return {
    id: `p-${planDate}`,
    title,
    description: '',
    planDate,
    tasks: [
      {
        id: `t-${planDate}`,
        title: 'Brunch',
        description: '',
        priority: 'medium',
        tag: null,
        tagColor: null,
        reminderTime: null,
        completed: false,
        completedAt: null,
        createdAt: '2026-11-21T20:00:00.000Z',
        blockStart: null,
        blockMinutes: null,
        focusMinutes: 0,
        ...task,
      },
    ],
    completion: {
      date: planDate,
      totalTasks: 1,
      completedTasks: 0,
      completionPercentage: 0,
      tagStats: [],
    },
    createdAt: '2026-11-21T20:00:00.000Z',
    updatedAt: '2026-11-21T20:00:00.000Z',
  };
}

/** The calendar's read of a range with nothing in it (Today's Goals reads its day's blocks so). */
export function emptyRange(request: { query: URLSearchParams }): CalendarRange {
  return {
    from: request.query.get('from') ?? '',
    to: request.query.get('to') ?? '',
    todos: [],
    repeats: [],
    planTasks: [],
    sharedTasks: [],
    daysOff: [],
    blocks: [],
  };
}
