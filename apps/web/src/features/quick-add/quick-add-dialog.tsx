import { MESSAGES } from '@daywise/shared';
import { todoCreateSchema } from '@daywise/shared/schemas';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';

import { Button, IconButton } from '../../components/button';
import { FieldError } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { ApiClientError } from '../../lib/api-client';
import { requestNotificationPermission } from '../../lib/notifications';
import { useTimezone } from '../../lib/settings';
import { notify } from '../../lib/toast';
import { loadParser } from './load-parser';
import type { Named } from './named-parts';
import type { QuickAdd, QuickAddPartKind, SwitchedOff } from './parse-quick-add';
import { SuggestionList } from './suggestion-list';
import { quickAddTodo, useQuickAddTodo } from './use-quick-add';
import { useNamedChoices, useSuggestions } from './use-suggestions';

type Parser = Awaited<ReturnType<typeof loadParser>>;
type ParserState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; parser: Parser };

/** Each kind of part in its own colour, in the text and on its chip. */
const PART_STYLES: Record<QuickAddPartKind, string> = {
  date: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  time: 'bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100',
  priority: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  repeat: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  list: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  tag: 'bg-pink-100 text-pink-900 dark:bg-pink-900 dark:text-pink-100',
};

/** The input and the highlighting under it share every measure, so the marks sit under the words. */
const TEXT_BOX =
  'block w-full rounded-lg border px-3 py-2 font-sans text-base whitespace-pre [font-kerning:none]';

function useParser(): [ParserState, () => void] {
  const [state, setState] = useState<ParserState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadParser().then(
      (parser) => current && setState({ status: 'ready', parser }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  };
  return [state, retry];
}

/** The text with its understood parts marked (shown under the transparent input). */
function Highlighted({ text, parsed }: { text: string; parsed: QuickAdd | null }) {
  const pieces = [];
  let at = 0;
  for (const part of parsed?.parts ?? []) {
    pieces.push(text.slice(at, part.start));
    pieces.push(
      <mark
        key={part.start}
        data-kind={part.kind}
        className={`rounded-sm ${PART_STYLES[part.kind]}`}
      >
        {text.slice(part.start, part.end)}
      </mark>,
    );
    at = part.end;
  }
  pieces.push(text.slice(at));
  // A space keeps the line's height when the text is empty.
  return <>{text === '' ? ' ' : pieces}</>;
}

/**
 * Quick add (docs/product/todos.md): one line, read as it is typed. The parts understood are
 * marked in the text and listed as chips; removing a chip leaves its words in the title. Enter
 * creates the todo, in `listId` unless a `#List` says otherwise (a list page's list; the Inbox
 * when null); a failure keeps the text and says why. While a `#list` or `@tag` is typed, the
 * user's own are suggested under the line.
 */
export function QuickAddDialog({
  onClose,
  listId = null,
}: {
  onClose: () => void;
  listId?: string | null;
}) {
  const [parserState, retryParser] = useParser();
  const timeZone = useTimezone();
  const choices = useNamedChoices();
  const suggestions = useSuggestions(choices);
  const create = useQuickAddTodo();
  const [text, setText] = useState('');
  const [off, setOff] = useState<SwitchedOff[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const id = useId();

  const parser = parserState.status === 'ready' ? parserState.parser : null;
  const parsed = useMemo(
    () => parser?.parseQuickAdd(text, { now: new Date(), timeZone, off, ...choices }) ?? null,
    [parser, text, timeZone, off, choices],
  );

  const change = (value: string, caret: number) => {
    setText(value);
    setError(null);
    setOff((current) => (parser ? parser.stillOff(value, current) : current));
    suggestions.follow(value, caret);
  };

  const pick = (option: Named) => {
    const done = suggestions.choose(text, option);
    change(done.text, done.caret);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(done.caret, done.caret);
    });
  };

  const undo = (start: number, partText: string) => {
    setOff((current) => [...current, { start, text: partText }]);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) {
      return;
    }
    // The reading on screen, chips and all, is the one saved (issue 31); only a line typed
    // before the parser came is read here, with nothing shown to differ from.
    let result = parsed;
    if (!result) {
      try {
        const loaded = await loadParser();
        result = loaded.parseQuickAdd(text, { now: new Date(), timeZone, off, ...choices });
      } catch {
        setError(MESSAGES.quickAddLoadFailed);
        return;
      }
    }
    const todo = quickAddTodo(result, listId);
    const checked = todoCreateSchema.safeParse(todo);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MESSAGES.todoCreateFailed);
      input.current?.focus();
      return;
    }
    if (todo.reminders?.length) {
      // A reminder asks to notify, as the todo dialog's switch does (Enter is the gesture). The
      // todo keeps its reminder either way: it shows inside Daywise while it is open.
      const answer = await requestNotificationPermission();
      if (answer === 'default' || answer === 'denied') {
        notify.info(MESSAGES.notificationsBlockedHelp);
      }
    }
    try {
      await create.mutateAsync(todo);
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : MESSAGES.todoCreateFailed);
      input.current?.focus();
    }
  };

  // The due date a repeat or a lone time decided has no words of its own: said, not removable.
  const impliedDue = parsed?.impliedDue ?? null;

  return (
    <Modal
      title="Quick add"
      description="Type a todo in one line. Dates, times, priorities and repeats are picked out as you type."
      showDescription
      busy={create.isPending}
      width="lg"
      onClose={onClose}
      keepOpenOnEscape={() => suggestions.open}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-3">
        <div className="relative">
          <div
            ref={mirror}
            aria-hidden
            data-testid="quick-add-highlight"
            className={`${TEXT_BOX} pointer-events-none absolute inset-0 overflow-hidden border-transparent bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100`}
          >
            <Highlighted text={text} parsed={parsed} />
          </div>
          <input
            ref={input}
            type="text"
            value={text}
            onChange={(event) =>
              change(event.target.value, event.target.selectionStart ?? event.target.value.length)
            }
            onKeyDown={(event) => {
              suggestions.onKey(event, pick);
            }}
            onSelect={(event) =>
              suggestions.follow(text, event.currentTarget.selectionStart ?? text.length)
            }
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={suggestions.open}
            aria-controls={`${id}-suggestions`}
            aria-activedescendant={
              suggestions.open ? `${id}-suggestion-${suggestions.active}` : undefined
            }
            onScroll={(event) => {
              if (mirror.current) {
                mirror.current.scrollLeft = event.currentTarget.scrollLeft;
              }
            }}
            aria-label="Todo"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={Boolean(error)}
            autoComplete="off"
            spellCheck={false}
            placeholder="Call mum tomorrow 9am !high"
            className={`${TEXT_BOX} relative border-gray-300 bg-transparent text-transparent caret-gray-900 placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 aria-invalid:border-red-600 dark:border-gray-700 dark:caret-gray-100 dark:placeholder:text-gray-400`}
          />
        </div>
        <SuggestionList id={id} state={suggestions} onPick={pick} />
        <p id={`${id}-hint`} className="text-sm text-gray-600 dark:text-gray-300">
          Try &lsquo;tomorrow 9am&rsquo;, &lsquo;every weekday&rsquo;, &lsquo;!high&rsquo;,
          &lsquo;p1&rsquo;, &lsquo;#List&rsquo; or &lsquo;@tag&rsquo;.
        </p>
        <FieldError id={`${id}-error`}>{error}</FieldError>
        {parserState.status === 'failed' && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-red-700 dark:text-red-400">{MESSAGES.quickAddLoadFailed}</span>
            <Button variant="secondary" size="xs" onClick={retryParser}>
              Try Again
            </Button>
          </div>
        )}
        {parserState.status === 'loading' && text !== '' && (
          <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
            Reading dates&hellip;
          </p>
        )}
        {parsed && (parsed.parts.length > 0 || impliedDue) && (
          <ul aria-label="Understood" className="flex flex-wrap gap-2">
            {parsed.parts.map((part) => (
              <li
                key={`${part.kind}:${part.start}`}
                className={`inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-3 text-sm font-medium ${PART_STYLES[part.kind]}`}
              >
                {part.label}
                <IconButton
                  label={`Remove ${part.label}`}
                  tone="bare"
                  onClick={() => undo(part.start, part.text)}
                  className="rounded-full p-1 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-white/10"
                >
                  <X aria-hidden className="size-3.5" />
                </IconButton>
              </li>
            ))}
            {impliedDue && (
              <li className="inline-flex items-center rounded-full bg-gray-100 px-3 py-0.5 text-sm font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-100">
                {impliedDue}
              </li>
            )}
          </ul>
        )}
        {parsed?.title && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Title: <span className="font-medium">{parsed.title}</span>
          </p>
        )}
        <ModalActions submitLabel="Add Todo" busy={create.isPending} />
      </form>
    </Modal>
  );
}
