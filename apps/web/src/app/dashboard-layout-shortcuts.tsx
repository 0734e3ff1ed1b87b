import { MESSAGES } from '@daywise/shared';
import { Keyboard, Zap } from 'lucide-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { type Options, useHotkeys } from 'react-hotkeys-hook';
import { useLocation } from 'react-router';

import { Button, IconButton } from '../components/button';
import { Modal } from '../components/modal';
import { focusToggle } from '../components/toggle-checkbox';
import { useNavigateAfterDialogs } from '../components/use-close-on-back';
import { prefetchParserOnceActive } from '../features/quick-add/load-parser';
import { INBOX, listIdOfPath } from '../lib/lists';
import { loadOnce } from '../lib/load-once';
import { useQuickAddRequests } from '../lib/quick-add-request';
import { useToday } from '../lib/settings';
import { dismissToast, notify } from '../lib/toast';

/** Every shortcut of the signed-in pages, as the help dialog lists them (docs/product/README.md). */
export const SHORTCUTS = [
  { keys: ['q'], action: 'Quick add a todo' },
  { keys: ['n'], action: 'New todo' },
  { keys: ['/'], action: 'Search todos' },
  { keys: ['g', 't'], action: 'Go to Today' },
  { keys: ['g', 'o'], action: 'Go to Todos' },
  { keys: ['g', 'd'], action: 'Go to Daily Goals' },
  { keys: ['x'], action: 'Complete the focused todo or task' },
  { keys: ['Alt+T'], action: 'Go to the notifications (their Undo)' },
  { keys: ['?'], action: 'Show keyboard shortcuts' },
  { keys: ['Esc'], action: 'Close the dialog' },
] as const;

/** Inputs that take no typing: a key pressed on them may still be a shortcut ('x' on a row's box). */
const NOT_TYPED = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
]);

/** Whether the key goes into something the user types in. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  const editable = target.closest('[contenteditable]:not([contenteditable="false"])');
  if (target.isContentEditable || editable !== null || target instanceof HTMLTextAreaElement) {
    return true;
  }
  if (target instanceof HTMLSelectElement) {
    return true;
  }
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type);
}

/**
 * A shortcut never fires while the user types in a field, while any dialog is open (its own
 * keys, Escape among them, are the dialog's), or with Ctrl, Alt or Cmd held (the browser's).
 */
export function shortcutIgnored(event: KeyboardEvent): boolean {
  return (
    event.ctrlKey ||
    event.metaKey ||
    event.altKey ||
    typingIn(event.target) ||
    document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
  );
}

/**
 * Keys are matched by the character they type (`useKey`), so '?', '/' and 'q' are found on any
 * keyboard layout, Shift or not.
 */
const OPTIONS: Options = {
  useKey: true,
  ignoreModifiers: true,
  enableOnFormTags: true,
  ignoreEventWhen: shortcutIgnored,
  preventDefault: true,
};

/**
 * Two-key sequences ('g' then 't'): react-hotkeys-hook 5 does not ask `ignoreEventWhen` for them,
 * so they keep its own rule (never from a form field or contenteditable) and the callback checks
 * the rest.
 */
const SEQUENCE_OPTIONS: Options = { useKey: true, preventDefault: true };

function goTo(navigate: (to: string) => void, to: string) {
  return (event: KeyboardEvent) => {
    if (!shortcutIgnored(event)) {
      navigate(to);
    }
  };
}

/** Focuses the element once it is on the page (after a navigation loads the page's module). */
function focusWhenShown(selector: string, within = 5000): void {
  const found = document.querySelector<HTMLElement>(selector);
  if (found) {
    found.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) {
      observer.disconnect();
      element.focus();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), within);
}

const ROW_BOX = 'input[type="checkbox"][data-focus-key]';

/**
 * Where the focus goes once `x` has ticked a row, which may leave its list: the next row's box,
 * or the previous one's when it was the last, or the heading of the list when it was alone
 * (docs/product/README.md, "Keyboard shortcuts").
 */
function focusAfterTicking(row: Element): HTMLElement | null {
  const box = (item: Element | null) => item?.querySelector<HTMLElement>(ROW_BOX) ?? null;
  const neighbour = box(row.nextElementSibling) ?? box(row.previousElementSibling);
  if (neighbour) {
    return neighbour;
  }
  const labelledBy = row.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby');
  const heading = labelledBy ? document.getElementById(labelledBy) : null;
  // A heading takes the focus from a script only, never from Tab.
  heading?.setAttribute('tabindex', '-1');
  return heading;
}

/** Ticks the item whose row holds the keyboard focus, if it is not done yet. */
function completeFocusedRow(): void {
  const row = document.activeElement?.closest('li');
  const box = row?.querySelector<HTMLInputElement>(ROW_BOX);
  if (row && box && !box.checked && box.getAttribute('aria-disabled') !== 'true') {
    const next = focusAfterTicking(row);
    box.click();
    next?.focus();
  }
}

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 && <span className="text-xs text-gray-600 dark:text-gray-300">then</span>}
          <kbd className="min-w-7 rounded border border-gray-300 bg-gray-50 px-2 py-0.5 text-center font-mono text-sm dark:border-gray-700 dark:bg-gray-800">
            {key}
          </kbd>
        </Fragment>
      ))}
    </span>
  );
}

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      description="They work anywhere in the dashboard, except while you type in a field or a dialog is open."
      showDescription
      onClose={onClose}
    >
      <dl className="mt-4 divide-y divide-gray-200 dark:divide-gray-800">
        {SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-sm">{action}</dt>
            <dd>
              <Keys keys={keys} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end pt-4">
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

type OpenDialog = 'quick-add' | 'new-todo' | 'help' | null;
type FormDialog = Exclude<OpenDialog, 'help' | null>;

const formDialogs = loadOnce(() => import('./dashboard-layout-dialogs'));

const LOAD_FAILED: Record<FormDialog, string> = {
  'quick-add': MESSAGES.quickAddLoadFailed,
  'new-todo': MESSAGES.todoFormLoadFailed,
};

/**
 * The keyboard shortcuts of the signed-in shell, and the header's Quick add and shortcuts buttons
 * with the dialogs they open (docs/product/README.md, "Keyboard shortcuts").
 */
export function KeyboardShortcuts() {
  // A shortcut may come a moment after Escape closed a dialog, while its history entry goes.
  const navigate = useNavigateAfterDialogs();
  const { pathname } = useLocation();
  const today = useToday();
  // On a list's page a new todo goes into that list (the Inbox's: none).
  const onList = listIdOfPath(pathname);
  const listId = onList === INBOX ? null : onList;
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  // A todo created with `n` takes the focus as its dialog closes: the key is pressed from
  // anywhere, often with nothing focused to go back to (docs/product/README.md).
  const created = useRef<string | null>(null);
  const focusCreated = () => {
    const id = created.current;
    created.current = null;
    if (id === null) {
      return false;
    }
    focusToggle(`todo:${id}`);
    return true;
  };
  // Fetched when first needed, or before: a form that fails to come says so and may be tried again.
  const openForm = (dialog: FormDialog) => {
    if (formDialogs.loaded()) {
      setOpen(dialog);
      return;
    }
    formDialogs.load().then(
      () => {
        // A failure said before is put right: its toast must not stay over the dialog.
        Object.values(LOAD_FAILED).forEach(dismissToast);
        setOpen(dialog);
      },
      () => notify.error(LOAD_FAILED[dialog]),
    );
  };

  useEffect(() => {
    const stopParser = prefetchParserOnceActive();
    const stopDialogs = formDialogs.prefetchOnceActive();
    return () => {
      stopParser();
      stopDialogs();
    };
  }, []);

  useHotkeys('q', () => openForm('quick-add'), OPTIONS);
  useQuickAddRequests(() => openForm('quick-add'));
  useHotkeys('n', () => openForm('new-todo'), OPTIONS);
  useHotkeys('?', () => setOpen('help'), OPTIONS);
  useHotkeys('x', completeFocusedRow, OPTIONS);
  useHotkeys(
    '/',
    () => {
      // A list's page has the search too.
      if (pathname !== '/dashboard/todos' && onList === null) {
        navigate('/dashboard/todos');
      }
      focusWhenShown('input[aria-label="Search todos"]');
    },
    OPTIONS,
    [pathname, navigate, onList],
  );
  useHotkeys('g>t', goTo(navigate, '/dashboard/today'), SEQUENCE_OPTIONS, [navigate]);
  useHotkeys('g>o', goTo(navigate, '/dashboard/todos'), SEQUENCE_OPTIONS, [navigate]);
  useHotkeys('g>d', goTo(navigate, '/dashboard/daily-goals'), SEQUENCE_OPTIONS, [navigate]);

  const forms = formDialogs.loaded();
  return (
    <>
      <Button
        size="xs"
        variant="secondary"
        onClick={() => openForm('quick-add')}
        aria-keyshortcuts="q"
      >
        <Zap aria-hidden className="size-4" />
        Quick add
      </Button>
      <IconButton
        label="Keyboard shortcuts"
        tone="chrome"
        onClick={() => setOpen('help')}
        aria-keyshortcuts="Shift+?"
        // Not on a phone's width, where there is rarely a keyboard; `max-sm:` since the tone's
        // own inline-flex would win over a plain `hidden`.
        className="max-sm:hidden"
      >
        <Keyboard aria-hidden className="size-5" />
      </IconButton>
      {open === 'quick-add' && forms && <forms.QuickAddDialog listId={listId} onClose={close} />}
      {open === 'new-todo' && forms && (
        <forms.TodoDialog
          todo={null}
          today={today}
          listId={listId}
          onClose={close}
          onCreated={(todo) => {
            created.current = todo.id;
          }}
          focusOnClose={focusCreated}
        />
      )}
      {open === 'help' && <ShortcutsHelp onClose={close} />}
    </>
  );
}
