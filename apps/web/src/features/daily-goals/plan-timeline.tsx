import { BLOCK_DEFAULT_MINUTES, minutesOfClock } from '@daywise/shared';
import type { Plan, PlanTask } from '@daywise/shared/schemas';

import { Card } from '../../components/card';
import { formatCalendarDay } from '../../lib/format';
import { useSettings } from '../../lib/settings';
import { blockOf, firstFreeStart, type Span } from '../../lib/timeline-layout';
import { DayTimeline, type TimelineBlock } from './day-timeline';
import { BLOCK_TEXTS, useSetTaskBlock, useSetTodoBlock, useTodoBlocks } from './use-blocks';

/** The day's blocks: the plan's tasks with one, and the todos with one that day. */
export function usePlanBlocks(plan: Plan) {
  const { settings } = useSettings();
  const { dayStart, dayEnd } = settings.preferences;
  const todoBlocks = useTodoBlocks(plan.planDate);
  const setTaskBlock = useSetTaskBlock(plan.id, plan.planDate);
  const setTodoBlock = useSetTodoBlock();

  const blocks: TimelineBlock[] = [
    ...plan.tasks.flatMap((task) =>
      task.blockStart !== null && task.blockMinutes !== null
        ? [
            {
              id: task.id,
              kind: 'task' as const,
              title: task.title,
              completed: task.completed,
              color: task.tagColor,
              start: minutesOfClock(task.blockStart),
              minutes: task.blockMinutes,
            },
          ]
        : [],
    ),
    ...todoBlocks.map((block) => ({
      id: block.id,
      kind: 'todo' as const,
      title: block.title,
      completed: block.completed,
      color: null,
      start: minutesOfClock(block.start),
      minutes: block.minutes,
    })),
  ];

  const onChange = (block: TimelineBlock, next: Pick<Span, 'start' | 'minutes'> | null) => {
    const change = next ? blockOf(next) : { blockStart: null, blockMinutes: null };
    if (block.kind === 'task') {
      setTaskBlock.mutate({ taskId: block.id, change });
    } else {
      setTodoBlock.mutate({ todoId: block.id, change });
    }
  };

  /** Gives a task the first free half hour of the day, from its start. */
  const schedule = (task: PlanTask) => {
    const start = firstFreeStart(
      blocks,
      BLOCK_DEFAULT_MINUTES,
      minutesOfClock(dayStart),
      minutesOfClock(dayEnd),
    );
    setTaskBlock.mutate({
      taskId: task.id,
      change: blockOf({ start, minutes: BLOCK_DEFAULT_MINUTES }),
    });
  };

  return { blocks, dayStart, dayEnd, onChange, schedule };
}

/** The Timeline card of Today's Goals. */
export function PlanTimeline({
  plan,
  planBlocks,
}: {
  plan: Plan;
  planBlocks: ReturnType<typeof usePlanBlocks>;
}) {
  const { blocks, dayStart, dayEnd, onChange } = planBlocks;
  return (
    <Card as="section" aria-labelledby="plan-timeline" className="space-y-3 p-5">
      <h2 id="plan-timeline" className="text-lg font-semibold">
        {BLOCK_TEXTS.timeline}
      </h2>
      {blocks.length === 0 && (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          Nothing scheduled yet. Use {BLOCK_TEXTS.schedule} on a task to give it a time.
        </p>
      )}
      <DayTimeline
        label={`Timeline of ${formatCalendarDay(plan.planDate)}`}
        dayStart={dayStart}
        dayEnd={dayEnd}
        blocks={blocks}
        onChange={onChange}
      />
    </Card>
  );
}
