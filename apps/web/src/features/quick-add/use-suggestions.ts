import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useMemo, useState } from 'react';

import { listsQuery, openLists } from '../../lib/lists';
import { tagListQuery } from '../../lib/tags';
import { complete, type Named, suggestionsFor, type Typing, typingAt } from './named-parts';

/** The user's lists (not archived) and tags, as quick add names them. */
export function useNamedChoices(): { lists: Named[]; tags: Named[] } {
  const lists = useQuery(listsQuery()).data;
  const tags = useQuery(tagListQuery()).data;
  return useMemo(
    () => ({
      lists: openLists(lists).map(({ id, name }) => ({ id, name })),
      tags: (tags ?? []).map(({ id, name }) => ({ id, name })),
    }),
    [lists, tags],
  );
}

export interface SuggestionsState {
  typing: Typing | null;
  options: Named[];
  active: number;
  open: boolean;
  /** Follows the caret: call with the text and where the caret is after each change. */
  follow: (text: string, caret: number) => void;
  /** The text and caret with `option` written in place of what is typed. */
  choose: (text: string, option: Named) => { text: string; caret: number };
  /** Arrow keys move, Enter and Tab choose, Escape closes; true when the key was theirs. */
  onKey: (event: KeyboardEvent<HTMLInputElement>, pick: (option: Named) => void) => boolean;
}

/**
 * The suggestions under quick add's line while a `#list` or `@tag` is typed: the user's own
 * lists or tags matching what follows the `#` or `@` (named-parts.ts), chosen with the arrows
 * and Enter or Tab, or a click.
 */
export function useSuggestions(choices: { lists: Named[]; tags: Named[] }): SuggestionsState {
  const [at, setAt] = useState<{ typing: Typing | null; caret: number }>({
    typing: null,
    caret: 0,
  });
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const { typing } = at;
  const options = useMemo(
    () =>
      typing ? suggestionsFor(typing, typing.trigger === '#' ? choices.lists : choices.tags) : [],
    [typing, choices],
  );
  const open = options.length > 0 && !dismissed;

  return {
    typing,
    options,
    active,
    open,
    follow: (text, caret) => {
      const next = typingAt(text, caret);
      setAt({ typing: next, caret });
      // Moving the caret within the same word keeps the choice made with the arrows.
      if (next?.start !== typing?.start || next?.query !== typing?.query) {
        setActive(0);
        setDismissed(false);
      }
    },
    choose: (text, option) => {
      const done = typing
        ? complete(text, typing, at.caret, option.name)
        : { text, caret: at.caret };
      setAt({ typing: null, caret: done.caret });
      return done;
    },
    onKey: (event, pick) => {
      if (!open) {
        return false;
      }
      const chosen = options[active];
      switch (event.key) {
        case 'ArrowDown':
          setActive((active + 1) % options.length);
          break;
        case 'ArrowUp':
          setActive((active - 1 + options.length) % options.length);
          break;
        case 'Enter':
        case 'Tab':
          if (!chosen) {
            return false;
          }
          pick(chosen);
          break;
        case 'Escape':
          setDismissed(true);
          break;
        default:
          return false;
      }
      event.preventDefault();
      return true;
    },
  };
}
