import { MESSAGES, TODO_LIMITS } from '@daywise/shared';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useId } from 'react';

import { LoadError } from '../../components/load-error';
import { tagListQuery } from '../../lib/tags';

interface TodoTagPickerProps {
  /** The ids of the chosen tags. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * Choosing a todo's tags: a group of checkboxes shown as chips, one per tag of the user's (Manage
 * Tags in Daily Goals makes them), at most TODO_LIMITS.tagsMax chosen. A chosen tag that no longer
 * exists is dropped from the choice when the list arrives.
 */
export function TodoTagPicker({ value, onChange, error }: TodoTagPickerProps) {
  const id = useId();
  const tags = useQuery(tagListQuery());
  const full = value.length >= TODO_LIMITS.tagsMax;

  const toggle = (tagId: string, on: boolean) => {
    const known = new Set((tags.data ?? []).map((tag) => tag.id));
    const kept = value.filter((chosen) => chosen !== tagId && known.has(chosen));
    onChange(on ? [...kept, tagId] : kept);
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} className="space-y-2">
      <legend className="text-sm font-medium">Tags</legend>
      {tags.isPending ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Loading tags...</p>
      ) : tags.isError ? (
        <LoadError
          message={MESSAGES.todoTagsLoadFailed}
          onRetry={() => void tags.refetch()}
          className="text-sm text-red-700 dark:text-red-300"
        />
      ) : tags.data.length === 0 ? (
        <p id={`${id}-hint`} className="text-sm text-gray-600 dark:text-gray-400">
          {MESSAGES.todoTagsNone}
        </p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2">
            {tags.data.map((tag) => {
              const checked = value.includes(tag.id);
              return (
                <li key={tag.id}>
                  <label
                    className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 ${
                      checked
                        ? 'border-blue-600 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100'
                        : 'border-gray-300 dark:border-gray-700'
                    } ${!checked && full ? 'cursor-not-allowed opacity-60' : ''}`}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => toggle(tag.id, event.target.checked)}
                    />
                    <span
                      aria-hidden
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: tag.color }}
                    />
                    {tag.name}
                    {checked && <Check aria-hidden className="size-3.5" />}
                  </label>
                </li>
              );
            })}
          </ul>
          <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
            {MESSAGES.todoTagsHint(TODO_LIMITS.tagsMax)}
          </p>
        </>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
