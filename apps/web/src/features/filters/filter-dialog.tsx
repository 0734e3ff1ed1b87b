import { DEFAULT_TAG_COLOR } from '@daywise/shared';
import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import { type SavedFilter, savedFilterCreateSchema } from '@daywise/shared/schemas';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { ColourChoice } from '../../components/colour-choice';
import { QueryField, readQuery } from '../../components/filter-query-field';
import { Field, inputClass } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { ApiClientError } from '../../lib/api-client';
import { useCreateFilter, useUpdateFilter } from './use-filter-writes';

/** Where a refusal goes: beside the query when it is about the query, beside the name else. */
function refusal(error: unknown): { name?: string; query?: string } {
  if (!(error instanceof ApiClientError)) {
    return { name: 'Please try again.' };
  }
  if (error.code === 'FILTER_INVALID') {
    return { query: error.fields.query ?? error.message };
  }
  if (error.fields.query) {
    return { query: error.fields.query };
  }
  return { name: error.fields.name ?? error.message };
}

/**
 * 'New filter' and 'Edit filter' (issue 32, ADR 0028): a name, a colour from the lists' palette,
 * and a query read as it is typed. Save waits until the query parses; a refusal keeps the dialog
 * open with what was typed, the server's reason beside its field (a query it refuses, with where;
 * 100 filters already; a name too long).
 */
export function FilterDialog({
  filter,
  initialQuery = '',
  onClose,
  onSaved,
}: {
  /** The filter to change; null makes a new one. */
  filter: SavedFilter | null;
  /** A new filter's query to start from (the todo page's search, say). */
  initialQuery?: string;
  onClose: () => void;
  /** Told the saved filter (a new one's page opens). */
  onSaved?: (filter: SavedFilter) => void;
}) {
  const create = useCreateFilter();
  const update = useUpdateFilter();
  const [name, setName] = useState(filter?.name ?? '');
  const [color, setColor] = useState(filter?.color ?? DEFAULT_TAG_COLOR);
  const [query, setQuery] = useState(filter?.query ?? initialQuery);
  const [errors, setErrors] = useState<{ name?: string; query?: string }>({});
  const suggesting = useRef(false);
  const saving = create.isPending || update.isPending;
  const parsed = readQuery(query);
  const ready = name.trim() !== '' && parsed?.ok === true;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = savedFilterCreateSchema.safeParse({ name, color, query });
    if (!checked.success) {
      setErrors({ name: checked.error.issues[0]?.message });
      return;
    }
    if (!parsed?.ok) {
      return;
    }
    try {
      const saved = filter
        ? await update.mutateAsync({ filter, update: checked.data })
        : await create.mutateAsync(checked.data);
      // Closed at once, so that opening the new filter's page waits for the dialog's history
      // entry to go (useNavigateAfterDialogs).
      flushSync(onClose);
      onSaved?.(saved);
    } catch (error) {
      setErrors(refusal(error));
    }
  };

  return (
    <Modal
      title={filter ? 'Edit filter' : 'New filter'}
      description={
        filter
          ? 'Rename the filter, change its colour or its query.'
          : 'Name a query to keep its todos one click away, with their count in the sidebar.'
      }
      busy={saving}
      width="lg"
      onClose={onClose}
      keepOpenOnEscape={() => suggesting.current}
    >
      <form onSubmit={(event) => void save(event)} noValidate className="mt-5 space-y-4">
        <Field label="Name" error={errors.name}>
          {(field) => (
            <input
              {...field}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors(({ query: queryError }) => ({ query: queryError }));
              }}
              required
              autoComplete="off"
              placeholder="e.g. Work this week"
              className={inputClass}
            />
          )}
        </Field>
        <ColourChoice value={color} onChange={setColor} />
        <QueryField
          value={query}
          onChange={(next) => {
            setQuery(next);
            setErrors(({ name: nameError }) => ({ name: nameError }));
          }}
          serverError={errors.query}
          openRef={suggesting}
        />
        {query.trim() === '' && (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {FILTER_MESSAGES.queryRequired}
          </p>
        )}
        <ModalActions
          submitLabel={filter ? 'Save' : 'Create filter'}
          busy={saving}
          disabled={!ready}
        />
      </form>
    </Modal>
  );
}
