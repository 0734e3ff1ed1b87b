import { DEFAULT_TAG_COLOR, MESSAGES } from '@daywise/shared';
import { type List, listCreateSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { ColourChoice } from '../../components/colour-choice';
import { TextField } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { ApiClientError } from '../../lib/api-client';
import { useCreateList, useUpdateList } from './use-lists';

type ListFormValues = z.input<typeof listCreateSchema>;
type ListValues = z.output<typeof listCreateSchema>;

/**
 * 'New list' and 'Edit list': a name and a colour from the tags' palette (or any other). A
 * refused save keeps the dialog open with what was typed, the server's reason beside the name
 * (301 lists, a name too long).
 */
export function ListDialog({
  list,
  onClose,
}: {
  /** The list to rename and recolour; null makes a new one. */
  list: List | null;
  onClose: () => void;
}) {
  const create = useCreateList();
  const update = useUpdateList();
  const saving = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ListFormValues, unknown, ListValues>({
    resolver: zodResolver(listCreateSchema),
    defaultValues: { name: list?.name ?? '', color: list?.color ?? DEFAULT_TAG_COLOR },
  });
  const nameMissing = useWatch({ control, name: 'name' }).trim() === '';

  const save = handleSubmit(async (values) => {
    try {
      if (list) {
        await update.mutateAsync({ list, update: values, said: MESSAGES.listUpdated });
      } else {
        await create.mutateAsync(values);
      }
      onClose();
    } catch (error) {
      setError('name', {
        type: 'server',
        message:
          error instanceof ApiClientError
            ? (error.fields.name ?? error.message)
            : 'Please try again.',
      });
    }
  });

  return (
    <Modal
      title={list ? 'Edit list' : 'New list'}
      description={
        list ? 'Rename the list or change its colour.' : 'Name the list and pick its colour.'
      }
      busy={saving}
      onClose={onClose}
    >
      <form onSubmit={(event) => void save(event)} noValidate className="mt-5 space-y-4">
        <TextField
          label="Name"
          error={errors.name?.message}
          registration={register('name')}
          required
          autoComplete="off"
          placeholder="e.g. Work"
        />
        <Controller
          control={control}
          name="color"
          render={({ field }) => <ColourChoice value={field.value} onChange={field.onChange} />}
        />
        <ModalActions
          submitLabel={list ? 'Save' : 'Create list'}
          busy={saving}
          disabled={nameMissing}
        />
      </form>
    </Modal>
  );
}
