import { DEFAULT_TAG_COLOR, MESSAGES } from '@daywise/shared';
import { type Tag, type TagInput, tagSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { Button, IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { ColourChoice } from '../../components/colour-choice';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { ApiClientError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { TagChip } from './task-row';
import { useDeleteTag, useSaveTag, useTags } from './use-plans';

const TIPS = [
  'Keep tags broad (Work, Health, Learning) so each day shows a clear balance.',
  'Pick a different colour per tag: Category Progress and the analytics use it.',
  'Renaming a tag updates today’s and later plans; past days keep what they recorded.',
];

/** The add/edit form: a name and one of the ten preset colours or any other. */
function TagForm({ editing, onDone }: { editing: Tag | null; onDone: () => void }) {
  const save = useSaveTag();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TagInput, unknown, TagInput>({
    resolver: zodResolver(tagSchema),
    defaultValues: { name: editing?.name ?? '', color: editing?.color ?? DEFAULT_TAG_COLOR },
  });

  const submit = handleSubmit(async (tag) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, tag });
      reset({ name: '', color: DEFAULT_TAG_COLOR });
      onDone();
    } catch (error) {
      const message =
        error instanceof ApiClientError
          ? (error.fields.name ?? error.message)
          : MESSAGES.tagSaveFailed;
      setError('name', { message });
      // A taken name says so, in the toast as beside the field (docs/product/daily-goals.md).
      notify.error(
        error instanceof ApiClientError && error.code === 'CONFLICT'
          ? message
          : MESSAGES.tagSaveFailed,
      );
    }
  });

  return (
    <Card as="form" onSubmit={(event) => void submit(event)} noValidate className="space-y-4 p-5">
      <h2 className="text-lg font-semibold">{editing ? 'Edit Tag' : 'Add Tag'}</h2>
      <TextField
        label="Tag Name"
        error={errors.name?.message}
        registration={register('name')}
        autoComplete="off"
        placeholder="e.g. Work"
      />
      <Controller
        control={control}
        name="color"
        render={({ field }) => <ColourChoice value={field.value} onChange={field.onChange} />}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending} size="sm">
          {save.isPending && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {editing ? 'Update Tag' : 'Add Tag'}
        </Button>
        {editing && (
          <Button onClick={onDone} variant="secondary" size="sm">
            Cancel
          </Button>
        )}
      </div>
    </Card>
  );
}

/** Manage Tags: add and edit, 'Your Tags (n)' by name, tips, delete confirm. */
export function TagsManager() {
  const tags = useTags();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const list = tags.data ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <TagForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <section
          aria-labelledby="tag-tips"
          className="rounded-2xl bg-blue-50 p-5 text-sm text-blue-950 dark:bg-blue-950/40 dark:text-blue-100"
        >
          <h2 id="tag-tips" className="font-semibold">
            Tips
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      </div>
      <Card as="section" aria-labelledby="your-tags" className="space-y-3 p-5">
        <h2 id="your-tags" className="text-lg font-semibold">
          Your Tags ({list.length})
        </h2>
        {tags.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            Loading...
          </p>
        ) : tags.isError && !tags.data ? (
          <div role="alert">
            <LoadError
              message="We could not load your tags."
              onRetry={() => void tags.refetch()}
              className={errorPanelClass}
            />
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            No tags yet. Add one to group your daily tasks.
          </p>
        ) : (
          <ul className="divide-y divide-gray-200 dark:divide-gray-800">
            {list.map((tag) => (
              <li key={tag.id} className="flex items-center justify-between gap-3 py-2">
                <TagChip name={tag.name} color={tag.color} />
                <div className="flex gap-1">
                  <IconButton
                    onClick={() => setEditing(tag)}
                    label={`Edit tag ${tag.name}`}
                    tone="row"
                  >
                    <Pencil aria-hidden className="size-4" />
                  </IconButton>
                  <IconButton
                    onClick={() => setDeleting(tag)}
                    label={`Delete tag ${tag.name}`}
                    tone="rowDanger"
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </IconButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {deleting && (
        <ConfirmDialog
          title="Delete Tag"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting, {
              onSettled: () => {
                setDeleting(null);
                if (editing?.id === deleting.id) {
                  setEditing(null);
                }
              },
            })
          }
          onClose={() => setDeleting(null)}
        >
          Delete the tag &ldquo;{deleting.name}&rdquo;? Tasks that use it keep its name and colour.
        </ConfirmDialog>
      )}
    </div>
  );
}
