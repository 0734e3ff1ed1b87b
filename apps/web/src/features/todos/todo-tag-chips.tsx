import type { TodoTag } from '@daywise/shared/schemas';

/** The tags a todo carries, as coloured chips (a dot of the tag's colour and its name). */
export function TodoTagChips({ tags }: { tags: readonly TodoTag[] }) {
  if (tags.length === 0) {
    return null;
  }
  return (
    <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag.id}
          className="inline-flex items-center gap-1.5 rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-800 dark:border-gray-700 dark:text-gray-200"
        >
          <span
            aria-hidden
            className="size-2 rounded-full"
            style={{ backgroundColor: tag.color }}
          />
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
