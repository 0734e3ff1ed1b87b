import { MESSAGES } from '@daywise/shared';
import type { SharedPlan } from '@daywise/shared/schemas';
import { CalendarDays, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';

import { Button, IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatCalendarDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { CreateSharedPlanDialog } from './create-shared-plan-dialog';
import { SharedPlanModal } from './shared-plan-modal';
import { emptyClass } from './social-ui';
import { useFriends } from './use-friends';
import { useDeleteSharedPlan, useVisibleSharedPlans } from './use-shared-plans';

type Open =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'detail'; planId: string }
  | { kind: 'delete'; plan: SharedPlan };

function PlanCard({
  plan,
  onOpen,
  onDelete,
}: {
  plan: SharedPlan;
  onOpen: () => void;
  onDelete: () => void;
}) {
  return (
    <Card as="li" className="flex items-start gap-3 p-5">
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-semibold break-words">
          <Button
            onClick={onOpen}
            variant="bare"
            className="text-left hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {plan.title}
          </Button>
        </h3>
        <p className="flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300">
          <CalendarDays aria-hidden className="size-4" />
          {formatCalendarDate(plan.date)}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300">
          <Users aria-hidden className="size-4" />
          With: {plan.otherUser.name}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-300">Tasks: {plan.tasks.length}</p>
      </div>
      <IconButton onClick={onDelete} label={`Delete plan "${plan.title}"`} tone="danger">
        <Trash2 aria-hidden className="size-4" />
      </IconButton>
    </Card>
  );
}

/** Shared Plans tab: the plans both participants see, and creating one. */
export function SharedPlansTab() {
  const { user } = useSession();
  const plans = useVisibleSharedPlans();
  const friends = useFriends().data ?? [];
  const deletePlan = useDeleteSharedPlan();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  const openCreate = () => setOpen({ kind: 'create' });
  // The detail follows the list, so the friend's changes show while it is open; a plan that
  // has gone (deleted by either side) closes it.
  const detail = open.kind === 'detail' ? plans.find((plan) => plan.id === open.planId) : undefined;

  return (
    <section aria-labelledby="shared-plans-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shared-plans-heading" className="text-lg font-semibold">
          {MESSAGES.sharedPlansTitle}
        </h2>
        <Button onClick={openCreate} disabled={friends.length === 0} size="sm">
          <Plus aria-hidden className="size-4" />
          Create Plan
        </Button>
      </div>
      {plans.length === 0 ? (
        <div className={`${emptyClass} space-y-3`}>
          <p className="font-medium">{MESSAGES.noSharedPlans}</p>
          {friends.length === 0 ? (
            <p className="text-sm">{MESSAGES.addFriendsFirst}</p>
          ) : (
            <Button onClick={openCreate} size="sm">
              Create Your First Plan
            </Button>
          )}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              onOpen={() => setOpen({ kind: 'detail', planId: plan.id })}
              onDelete={() => setOpen({ kind: 'delete', plan })}
            />
          ))}
        </ul>
      )}
      {open.kind === 'create' && <CreateSharedPlanDialog friends={friends} onClose={close} />}
      {detail && user && <SharedPlanModal plan={detail} user={user} onClose={close} />}
      {open.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Shared Plan"
          pending={false}
          onConfirm={() => {
            deletePlan.mutate(open.plan.id);
            close();
          }}
          onClose={close}
        >
          {MESSAGES.deleteSharedPlanText(open.plan.title)}
        </ConfirmDialog>
      )}
    </section>
  );
}
