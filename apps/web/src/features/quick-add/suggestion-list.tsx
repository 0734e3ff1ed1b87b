import type { Named } from './named-parts';
import type { SuggestionsState } from './use-suggestions';

/**
 * The lists or tags offered for the `#…` or `@…` being typed: a listbox the line controls
 * (its active option is the line's `aria-activedescendant`); a click chooses without taking the
 * focus from the line.
 */
export function SuggestionList({
  id,
  state,
  onPick,
}: {
  /** The dialog's id: the list is `{id}-suggestions`, each option `{id}-suggestion-{n}`. */
  id: string;
  state: SuggestionsState;
  onPick: (option: Named) => void;
}) {
  const what = state.typing?.trigger === '@' ? 'Tags' : 'Lists';
  return (
    <ul
      id={`${id}-suggestions`}
      role="listbox"
      aria-label={what}
      hidden={!state.open}
      className="max-h-48 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-md dark:border-gray-700 dark:bg-gray-900"
    >
      {state.open &&
        state.options.map((option, index) => (
          <li
            key={option.id}
            id={`${id}-suggestion-${index}`}
            role="option"
            aria-selected={index === state.active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(option)}
            className="cursor-pointer rounded-md px-3 py-1.5 text-sm aria-selected:bg-blue-50 aria-selected:text-blue-800 dark:aria-selected:bg-blue-950 dark:aria-selected:text-blue-100"
          >
            {state.typing?.trigger ?? '#'}
            {option.name}
          </li>
        ))}
    </ul>
  );
}
