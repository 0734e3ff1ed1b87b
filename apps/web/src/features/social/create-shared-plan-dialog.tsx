import {
  type Friend,
  type SharedPlanCreateInput,
  sharedPlanCreateSchema,
} from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormField, inputClass, selectClass, TextField } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { Banner } from './banner';
import { useCreateSharedPlan } from './use-shared-plans';

interface CreateSharedPlanDialogProps {
  friends: Friend[];
  onClose: () => void;
}

/**
 * Create Shared Plan: a title, a target date and a friend, all required, checked
 * by the same schema the server uses. A failed save keeps the form and shows the banner here,
 * where the page's own is covered.
 */
export function CreateSharedPlanDialog({ friends, onClose }: CreateSharedPlanDialogProps) {
  const create = useCreateSharedPlan();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SharedPlanCreateInput, unknown, z.output<typeof sharedPlanCreateSchema>>({
    resolver: zodResolver(sharedPlanCreateSchema),
    defaultValues: { title: '', friendId: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      onClose();
    } catch {
      // The banner says so; the form keeps what was typed.
    }
  });

  return (
    <Modal
      title="Create Shared Plan"
      description="Plan a day together with a friend: both of you can add and tick off tasks."
      showDescription
      busy={create.isPending}
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        <Banner />
        <TextField
          label="Plan Title"
          error={errors.title?.message}
          registration={register('title')}
          autoComplete="off"
        />
        <FormField label="Target Date" error={errors.date?.message}>
          {(field) => (
            <input
              {...field}
              // An empty date input reads as missing, so the message says it is required.
              {...register('date', { setValueAs: (value: string) => value || undefined })}
              type="date"
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Share with Friend" error={errors.friendId?.message}>
          {(field) => (
            <select {...field} {...register('friendId')} className={`${selectClass} w-full`}>
              <option value="">Choose a friend</option>
              {friends.map((friend) => (
                <option key={friend.id} value={friend.id}>
                  {friend.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ModalActions submitLabel="Create Plan" busy={create.isPending} />
      </form>
    </Modal>
  );
}
