import { addDays, MESSAGES } from '@daywise/shared';
import type { Plan, PlanInput } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';

import { Button } from '../../components/button';
import { ErrorAlert, TextAreaField, TextField } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { ApiClientError, showFieldErrors } from '../../lib/api-client';
import { dayBounds } from './plan-day';
import { initialValues, planFormSchema, type PlanFormValues } from './plan-form';
import { PlanTasks } from './plan-task-fields';
import { useSavePlan } from './use-plans';

/** A new plan's day, today through the reach ahead, with a one-click Tomorrow. */
function PlanDateField({
  today,
  error,
  registration,
  onTomorrow,
}: {
  today: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'planDate'>;
  onTomorrow: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-44 flex-1">
        <TextField
          label="Plan Date"
          type="date"
          min={today}
          max={dayBounds(today).last}
          error={error}
          registration={registration}
        />
      </div>
      <Button onClick={onTomorrow} variant="secondary" size="sm" className="mb-0.5">
        Tomorrow
      </Button>
    </div>
  );
}

interface PlanDialogProps {
  /** The plan to edit; null creates one, for `day` unless another day is chosen. */
  plan: Plan | null;
  /** The day a new plan starts on (YYYY-MM-DD, today or later), and today. */
  day: string;
  today: string;
  /** A plan was saved (after the dialog closed). */
  onSaved?: (plan: Plan) => void;
  onClose: () => void;
}

/**
 * Create/Edit Daily Goal Plan: the plan's title and description and its tasks,
 * each with title, description, priority, tag and reminder. A failed save keeps everything and
 * says 'Failed to save plan. Please try again.'
 */
export function PlanDialog({ plan, day, today, onSaved, onClose }: PlanDialogProps) {
  const id = useId();
  const creating = plan === null;
  const schema = useMemo(() => planFormSchema(today, creating), [today, creating]);
  const save = useSavePlan();
  const [failed, setFailed] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setError,
    setValue,
    formState: { errors },
  } = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(plan, day),
  });

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const saved = await save.mutateAsync({ id: plan?.id ?? null, plan: values });
      onClose();
      onSaved?.(saved);
    } catch (error) {
      // A day that already has a plan, or one the server will not plan (past, too far ahead),
      // says so beside the date, keeping everything typed.
      if (error instanceof ApiClientError && error.code === 'CONFLICT') {
        setError('planDate', { message: error.message });
      } else if (!showFieldErrors(error, ['title', 'description', 'planDate'], setError)) {
        setFailed(true);
      }
    }
  });

  return (
    <Modal
      title={plan ? 'Edit Daily Goal Plan' : 'Create Daily Goal Plan'}
      description="A title for the day and the tasks you want to get done."
      busy={save.isPending}
      width="xl"
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        {failed && <ErrorAlert>{MESSAGES.planSaveFailed}</ErrorAlert>}
        <TextField
          label="Plan Title"
          error={errors.title?.message}
          registration={register('title')}
          autoComplete="off"
          placeholder="e.g. Focused Friday"
        />
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          registration={register('description')}
          rows={2}
          placeholder="What is the day about? (optional)"
        />
        {creating && (
          <PlanDateField
            today={today}
            error={errors.planDate?.message}
            registration={register('planDate')}
            onTomorrow={() => setValue('planDate', addDays(today, 1), { shouldValidate: true })}
          />
        )}

        <PlanTasks
          id={id}
          control={control}
          register={register}
          errors={errors}
          clearErrors={clearErrors}
        />

        <ModalActions submitLabel={plan ? 'Save Plan' : 'Create Plan'} busy={save.isPending} />
      </form>
    </Modal>
  );
}
