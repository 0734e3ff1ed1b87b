import { addDays } from '@daywise/shared';
import type { Plan } from '@daywise/shared/schemas';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { AnalyticsDisabledPanel } from '../../components/analytics-disabled';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { tabClass, tabListClass } from '../../components/tabs';
import { useSettings, useToday } from '../../lib/settings';
import { AnalyticsTab } from './analytics-modal';
import { Completions } from './completions';
import { DayNav } from './day-nav';
import { requestedDay } from './plan-day';
import { PlanDialog } from './plan-dialog';
import { TagsManager } from './tags-manager';
import { TodayGoals } from './today-goals';
import {
  flushTaskDeletes,
  useFirstFreeDay,
  useHiddenTasks,
  usePlanOfDay,
  useTodayPlan,
  withoutTasks,
} from './use-plans';

const TABS = [
  { value: 'today', label: "Today's Goals" },
  { value: 'create', label: 'Create Plan' },
  { value: 'completions', label: 'Daily Completions' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'tags', label: 'Manage Tags' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The plan dialog: a plan to edit, or null to create one starting on `day`. */
interface DialogState {
  plan: Plan | null;
  day: string;
}

/**
 * The Create Plan tab. While today is free it plans today; once today has a plan it offers to
 * change that one, or to plan another day: the first free one from tomorrow on
 * (docs/product/daily-goals.md).
 */
function CreatePlanPrompt({
  today,
  todayPlan,
  todayPending,
  onCreate,
  onEdit,
}: {
  today: string;
  todayPlan: Plan | null | undefined;
  todayPending: boolean;
  onCreate: (day: string) => void;
  onEdit: () => void;
}) {
  const freeDay = useFirstFreeDay(addDays(today, 1), Boolean(todayPlan));
  if (!todayPlan) {
    return (
      <Card className="p-8 text-center">
        <h2 className="text-lg font-semibold">Plan your day</h2>
        <p className="mt-1 text-gray-600 dark:text-gray-300">
          Give today a title, then add the tasks you want to finish, with tags and reminders.
        </p>
        <Button onClick={() => onCreate(today)} disabled={todayPending} className="mt-5">
          Create New Plan
        </Button>
      </Card>
    );
  }
  return (
    <Card className="p-8 text-center">
      <h2 className="text-lg font-semibold">Today already has a plan</h2>
      <p className="mt-1 text-gray-600 dark:text-gray-300">
        &ldquo;{todayPlan.title}&rdquo; is today&rsquo;s plan. You can change it, or plan another
        day.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Button onClick={onEdit} variant="secondary">
          Edit Plan
        </Button>
        {/* Should looking fail, tomorrow: the dialog says so if that day is taken. */}
        <Button
          onClick={() => onCreate(freeDay.data ?? addDays(today, 1))}
          disabled={freeDay.isPending}
        >
          Create New Plan
        </Button>
      </div>
    </Card>
  );
}

/**
 * Daily Goals. The tab lives in the address (?tab=...), and so does the day Today's Goals shows
 * (?date=YYYY-MM-DD, absent for today), so Back, forward and reload keep both. Analytics is
 * offered only while Activity Tracking is on; asked for while it is off, the page shows the
 * disabled notice and falls back to Today's Goals.
 */
export default function DailyGoalsPage() {
  const [params, setParams] = useSearchParams();
  const { settings } = useSettings();
  const analyticsOn = settings.privacy.activityTracking;
  const todayDate = useToday();
  const day = requestedDay(params.get('date'), todayDate);
  const shown = usePlanOfDay(day);
  const today = useTodayPlan();
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const requested = TABS.find((tab) => tab.value === params.get('tab'))?.value ?? 'today';
  const analyticsRefused = requested === 'analytics' && !analyticsOn;
  const tab: TabValue = analyticsRefused ? 'today' : requested;
  const tabs = TABS.filter((candidate) => candidate.value !== 'analytics' || analyticsOn);
  const selectTab = (value: string) =>
    setParams(value === 'today' ? {} : { tab: value }, { replace: true });
  // Each day is a history entry of its own: Back returns to the day before.
  const showDay = (next: string, options?: { replace: boolean }) =>
    setParams(next === todayDate ? {} : { date: next }, options);

  const hiddenTasks = useHiddenTasks();
  // Leaving the page sends its waiting deletes now: an Undo must not outlive the rows it restores.
  useEffect(() => flushTaskDeletes, []);

  // A new plan starts on the day shown (a past day offers none), or as Create Plan says.
  const openCreate = (start: string) => setDialog({ plan: null, day: start });
  // The plan as shown: a task deleted a moment ago is sent now, not saved back by the edit.
  const openEdit = (plan: Plan | null | undefined) => {
    flushTaskDeletes();
    if (plan) {
      setDialog({ plan: withoutTasks(plan, hiddenTasks), day: plan.planDate });
    }
  };
  // A new plan for another day than the one in sight is shown at once. The dialog's own history
  // entry is replaced rather than a new one pushed, so Back then returns to the day before.
  const showSaved = (saved: Plan) => {
    const inSight = tab === 'today' ? day : todayDate;
    if (saved.planDate !== inSight) {
      showDay(saved.planDate, { replace: true });
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Daily Goals</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-300">
          Plan each day, tick off your goals and watch the streaks grow.
        </p>
      </div>
      {analyticsRefused && <AnalyticsDisabledPanel />}
      <Tabs.Root value={tab} onValueChange={selectTab} className="space-y-6">
        <Tabs.List aria-label="Daily goals" className={tabListClass}>
          {tabs.map((candidate) => (
            <Tabs.Trigger key={candidate.value} value={candidate.value} className={tabClass}>
              {candidate.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="today" className="space-y-6 focus-visible:outline-none">
          <DayNav day={day} today={todayDate} onChange={showDay} />
          <TodayGoals
            day={day}
            today={todayDate}
            plan={shown.data}
            isPending={shown.isPending}
            isError={shown.isError}
            onRetry={() => void shown.refetch()}
            onCreate={() => openCreate(day)}
            onEdit={() => openEdit(shown.data)}
          />
        </Tabs.Content>
        <Tabs.Content value="create">
          <CreatePlanPrompt
            today={todayDate}
            todayPlan={today.data}
            todayPending={today.isPending}
            onCreate={openCreate}
            onEdit={() => openEdit(today.data)}
          />
        </Tabs.Content>
        <Tabs.Content value="completions">
          <Completions />
        </Tabs.Content>
        {analyticsOn && (
          <Tabs.Content value="analytics">
            <AnalyticsTab />
          </Tabs.Content>
        )}
        <Tabs.Content value="tags">
          <TagsManager />
        </Tabs.Content>
      </Tabs.Root>
      {dialog && (
        <PlanDialog
          plan={dialog.plan}
          day={dialog.day}
          today={todayDate}
          onSaved={dialog.plan ? undefined : showSaved}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
