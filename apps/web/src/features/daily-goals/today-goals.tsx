import { MESSAGES, REMINDER_PAGES } from '@daywise/shared';
import type { Plan, PlanTask } from '@daywise/shared/schemas';
import { BellRing, CalendarPlus, Loader2, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { formatCalendarDay } from '../../lib/format';
import {
  NOTIFICATION_MESSAGES,
  notificationSupport,
  requestNotificationPermission,
  showNotification,
} from '../../lib/notifications';
import { notify } from '../../lib/toast';
import { PlanTimeline, usePlanBlocks } from './plan-timeline';
import { CategoryProgress, ProgressBar } from './progress';
import { ReminderDialog } from './reminder-dialog';
import { TaskRow } from './task-row';
import {
  useDeletePlan,
  useDeleteTask,
  useHiddenTasks,
  useResetPlan,
  useSetTaskReminder,
  useToggleTask,
  withoutTasks,
} from './use-plans';

/** The Test Notification button: a real notification, or says why not. */
async function testNotification(): Promise<void> {
  try {
    await requestNotificationPermission();
    // The failure alone, never beside an in-page stand-in that says notifications work.
    const outcome = await showNotification(
      {
        title: NOTIFICATION_MESSAGES.testTitle,
        body: NOTIFICATION_MESSAGES.testBody,
        url: REMINDER_PAGES.task,
      },
      { inPage: false },
    );
    if (outcome === 'shown') {
      notify.info(MESSAGES.planTestNotificationSent);
    } else if (notificationSupport() === 'denied') {
      notify.error(NOTIFICATION_MESSAGES.permissionDenied);
    } else {
      notify.error(MESSAGES.notificationShowFailed);
    }
  } catch {
    notify.error(MESSAGES.notificationTestError);
  }
}

type Pending =
  | { kind: 'none' }
  | { kind: 'reminder'; task: PlanTask }
  | { kind: 'delete-task'; task: PlanTask }
  | { kind: 'delete-plan' }
  | { kind: 'reset' };

interface PlanViewProps {
  plan: Plan;
  /** Today's plan, or another day's (the dialogs name it so). */
  isToday: boolean;
  onEdit: () => void;
}

/** Today's Goals with a plan, of today or of the day stepped to. */
function PlanView({ plan: saved, isToday, onEdit }: PlanViewProps) {
  // A task whose delete waits for its undo window is neither shown nor counted.
  const plan = withoutTasks(saved, useHiddenTasks());
  const [pending, setPending] = useState<Pending>({ kind: 'none' });
  const toggle = useToggleTask(plan.id, plan.planDate);
  const reminder = useSetTaskReminder(plan.id);
  const deleteTask = useDeleteTask(plan.id, plan.planDate);
  const deletePlan = useDeletePlan();
  const reset = useResetPlan();
  const planBlocks = usePlanBlocks(plan);
  const close = () => setPending({ kind: 'none' });
  const { completedTasks, totalTasks, completionPercentage, tagStats } = plan.completion;

  return (
    <div className="space-y-6">
      <Card as="section" className="space-y-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold break-words">{plan.title}</h2>
            {plan.description && (
              <p className="mt-1 break-words text-gray-600 dark:text-gray-300">
                {plan.description}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void testNotification()} variant="secondary" size="sm">
              <BellRing aria-hidden className="size-4" />
              Test Notification
            </Button>
            <Button onClick={onEdit} variant="secondary" size="sm">
              <Pencil aria-hidden className="size-4" />
              Edit Plan
            </Button>
            <Button
              onClick={() => setPending({ kind: 'reset' })}
              disabled={completedTasks === 0}
              variant="secondary"
              size="sm"
            >
              <RotateCcw aria-hidden className="size-4" />
              Reset Day
            </Button>
            <Button
              onClick={() => setPending({ kind: 'delete-plan' })}
              variant="secondary"
              size="sm"
              className="text-red-700 dark:text-red-300"
            >
              <Trash2 aria-hidden className="size-4" />
              Delete Plan
            </Button>
          </div>
        </div>
        <div className="space-y-2">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Progress</span>
            <span className="text-gray-600 tabular-nums dark:text-gray-300">
              {completedTasks} of {totalTasks} tasks ({completionPercentage}%)
            </span>
          </div>
          <ProgressBar
            label={isToday ? "Today's progress" : `Progress of ${formatCalendarDay(plan.planDate)}`}
            value={completionPercentage}
          />
        </div>
      </Card>

      {tagStats.length > 0 && (
        <Card as="section" aria-labelledby="category-progress" className="space-y-3 p-5">
          <h2 id="category-progress" className="text-lg font-semibold">
            Category Progress
          </h2>
          <CategoryProgress stats={tagStats} />
        </Card>
      )}

      <section aria-labelledby="today-tasks" className="space-y-3">
        <h2 id="today-tasks" className="text-lg font-semibold">
          Tasks ({totalTasks})
        </h2>
        {plan.tasks.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
            No tasks left in this plan. Use Edit Plan to add some.
          </p>
        ) : (
          <ul className="space-y-2">
            {plan.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                onToggle={(current, completed) => toggle.mutateAsync({ task: current, completed })}
                onReminder={(current) => setPending({ kind: 'reminder', task: current })}
                onDelete={(current) => setPending({ kind: 'delete-task', task: current })}
                onSchedule={planBlocks.schedule}
              />
            ))}
          </ul>
        )}
      </section>

      <PlanTimeline plan={plan} planBlocks={planBlocks} />

      {pending.kind === 'reminder' && (
        <ReminderDialog
          task={pending.task}
          saving={reminder.isPending}
          onSave={(reminderTime) =>
            reminder.mutate({ task: pending.task, reminderTime }, { onSuccess: close })
          }
          onClose={close}
        />
      )}
      {pending.kind === 'delete-task' && (
        <ConfirmDialog
          title="Delete Task"
          pending={false}
          onConfirm={() => {
            deleteTask(pending.task);
            close();
          }}
          onClose={close}
        >
          Delete &ldquo;{pending.task.title}&rdquo; from {isToday ? 'today’s plan' : 'this plan'}?
        </ConfirmDialog>
      )}
      {pending.kind === 'delete-plan' && (
        <ConfirmDialog
          title="Delete Plan"
          confirmLabel="Delete Plan"
          pendingLabel="Deleting..."
          pending={deletePlan.isPending}
          onConfirm={() => deletePlan.mutate(plan.id, { onSuccess: close })}
          onClose={close}
        >
          Delete &ldquo;{plan.title}&rdquo; and all its tasks?{' '}
          {isToday ? 'Today’s completion record' : 'The day’s completion record'} goes with it. This
          cannot be undone.
        </ConfirmDialog>
      )}
      {pending.kind === 'reset' && (
        <ConfirmDialog
          title="Reset Day"
          confirmLabel="Reset"
          pendingLabel="Resetting..."
          pending={reset.isPending}
          onConfirm={() => reset.mutate(plan.id, { onSuccess: close })}
          onClose={close}
        >
          Mark every task of {isToday ? 'today’s plan' : 'this plan'} as not done?
        </ConfirmDialog>
      )}
    </div>
  );
}

interface TodayGoalsProps {
  /** The day shown, YYYY-MM-DD, and today in the user's time zone. */
  day: string;
  today: string;
  plan: Plan | null | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onCreate: () => void;
  onEdit: () => void;
}

/** A day without a plan: today keeps the spec's words; another day is named. */
function NoPlan({ day, today, onCreate }: { day: string; today: string; onCreate: () => void }) {
  const isToday = day === today;
  const dayName = formatCalendarDay(day);
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
      <CalendarPlus aria-hidden className="mx-auto size-10 text-blue-600 dark:text-blue-400" />
      <h2 className="mt-3 text-xl font-semibold">
        {isToday ? MESSAGES.noDailyPlan : MESSAGES.noPlanOn(dayName)}
      </h2>
      {day < today ? (
        <p className="mt-1 text-gray-600 dark:text-gray-300">
          This day has passed. Plans are made for today or a day ahead.
        </p>
      ) : (
        <>
          <p className="mt-1 text-gray-600 dark:text-gray-300">
            Decide what {isToday ? 'today' : 'the day'} is for and list the tasks that get you
            there.
          </p>
          <Button onClick={onCreate} className="mt-5">
            {isToday ? "Create Today's Plan" : MESSAGES.createPlanFor(dayName)}
          </Button>
        </>
      )}
    </div>
  );
}

/** Today's Goals tab: the plan of the day shown, or the empty state naming the day. */
export function TodayGoals({
  day,
  today,
  plan,
  isPending,
  isError,
  onRetry,
  onCreate,
  onEdit,
}: TodayGoalsProps) {
  const isToday = day === today;
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {isToday ? 'Loading today’s plan...' : `Loading the plan for ${formatCalendarDay(day)}...`}
      </p>
    );
  }
  if (isError) {
    return (
      <LoadError
        message={
          isToday
            ? 'We could not load today’s plan.'
            : `We could not load the plan for ${formatCalendarDay(day)}.`
        }
        onRetry={onRetry}
        className={errorPanelClass}
      />
    );
  }
  if (!plan) {
    return <NoPlan day={day} today={today} onCreate={onCreate} />;
  }
  return <PlanView plan={plan} isToday={isToday} onEdit={onEdit} />;
}
