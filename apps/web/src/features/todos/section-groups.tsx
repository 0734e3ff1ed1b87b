import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { Section, Todo } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import { ChevronDown, ChevronRight, Loader2, Plus } from 'lucide-react';
import { type DragEvent, type FormEvent, type ReactNode, useId, useState } from 'react';

import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { carriesTodo, droppedTodo } from '../../lib/todo-drag';
import { SectionMenu } from './section-menu';
import { usePlaceTodo } from './use-place-todo';
import { useCreateSection, useDeleteSection, useSections, useUpdateSection } from './use-sections';
import { byOrder } from './use-subtasks';

/** A section heading dragged onto another: it carries its id in the drag's data type. */
const SECTION_DRAG_TYPE = 'application/x-daywise-section';
let draggedSection: Section | null = null;

const inputClass =
  'min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900';

/** A one-field form: a section's name, for Add section and Rename. Enter saves, Escape cancels. */
function NameForm({
  label,
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || busy) {
      return;
    }
    // A refusal keeps the field as typed; the toast has said why.
    onSubmit(name.trim()).catch(() => undefined);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <input
        aria-label={label}
        value={name}
        maxLength={100}
        // Opened by the user to type a name.
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className={inputClass}
      />
      <Button type="submit" size="sm" disabled={busy || name.trim() === ''}>
        {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {submitLabel}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

interface GroupProps {
  section: Section;
  sections: readonly Section[];
  todos: readonly Todo[];
  renderRows: (todos: readonly Todo[]) => ReactNode;
}

/** One section: its heading (collapse, menu, drop target, drag source) and its todos. */
function SectionGroup({ section, sections, todos, renderRows }: GroupProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [dropping, setDropping] = useState(false);
  const bodyId = useId();
  const headingId = useId();
  const update = useUpdateSection();
  const remove = useDeleteSection();
  const place = usePlaceTodo();
  const index = sections.findIndex((other) => other.id === section.id);
  const moveTo = (position: number) => update.mutate({ section, update: { position } });

  const takesTodo = (event: DragEvent) => {
    const todo = carriesTodo(event) ? droppedTodo(event) : null;
    return todo !== null && todo.parentId === null && todo.listId === section.listId && todo;
  };
  const takesSection = (event: DragEvent) =>
    event.dataTransfer.types.includes(SECTION_DRAG_TYPE) &&
    draggedSection !== null &&
    draggedSection.id !== section.id &&
    draggedSection.listId === section.listId;

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div
        className={`flex items-center gap-2 rounded-lg border-b border-gray-200 py-1 dark:border-gray-700 ${dropping ? 'ring-2 ring-blue-500' : ''}`}
        draggable={!renaming}
        onDragStart={(event) => {
          draggedSection = section;
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData(SECTION_DRAG_TYPE, section.id);
          event.dataTransfer.setData('text/plain', section.name);
        }}
        onDragEnd={() => {
          draggedSection = null;
        }}
        onDragOver={(event) => {
          if (takesTodo(event) || takesSection(event)) {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setDropping(true);
          }
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          setDropping(false);
          const todo = takesTodo(event);
          if (todo) {
            event.preventDefault();
            if (todo.sectionId !== section.id) {
              place.mutate({
                todo,
                to: { sectionId: section.id },
                said: LIST_MESSAGES.todoMoved(section.name),
              });
            }
          } else if (takesSection(event) && draggedSection) {
            event.preventDefault();
            update.mutate({ section: draggedSection, update: { position: section.position } });
          }
        }}
      >
        {renaming ? (
          <NameForm
            label="Section name"
            initial={section.name}
            submitLabel="Save"
            busy={false}
            onSubmit={(name) => {
              setRenaming(false);
              return name === section.name
                ? Promise.resolve()
                : update.mutateAsync({ section, update: { name } });
            }}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <>
            <h3 id={headingId} className="min-w-0 flex-1 font-semibold">
              <Button
                variant="bare"
                aria-expanded={!collapsed}
                aria-controls={bodyId}
                onClick={() => setCollapsed(!collapsed)}
                className="inline-flex max-w-full items-center gap-1 rounded text-left"
              >
                {collapsed ? (
                  <ChevronRight aria-hidden className="size-4 shrink-0" />
                ) : (
                  <ChevronDown aria-hidden className="size-4 shrink-0" />
                )}
                <span className="truncate">{section.name}</span>
                <span className="text-sm font-normal text-gray-600 dark:text-gray-300">
                  ({todos.length})
                </span>
              </Button>
            </h3>
            <SectionMenu
              section={section}
              onRename={() => setRenaming(true)}
              onMoveUp={index > 0 ? () => moveTo(index - 1) : undefined}
              onMoveDown={index < sections.length - 1 ? () => moveTo(index + 1) : undefined}
              onDelete={() => setDeleting(true)}
            />
          </>
        )}
      </div>
      <div id={bodyId} hidden={collapsed}>
        {todos.length === 0 ? (
          <p className="py-2 text-sm text-gray-600 dark:text-gray-300">No todos in this section</p>
        ) : (
          renderRows(todos)
        )}
      </div>
      {deleting && (
        <ConfirmDialog
          title="Delete Section"
          pending={false}
          onConfirm={() => {
            setDeleting(false);
            remove.mutate(section);
          }}
          onClose={() => setDeleting(false)}
        >
          Delete the section &ldquo;{section.name}&rdquo;? {SECTION_MESSAGES.sectionDeleteExplained}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Add section: a button that becomes the name's field. */
function AddSection({ listId }: { listId: string | null }) {
  const [open, setOpen] = useState(false);
  const create = useCreateSection();
  return open ? (
    <NameForm
      label="New section name"
      initial=""
      submitLabel="Add"
      busy={create.isPending}
      onSubmit={(name) => create.mutateAsync({ listId, name }).then(() => setOpen(false))}
      onCancel={() => setOpen(false)}
    />
  ) : (
    <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
      <Plus aria-hidden className="size-4" />
      Add section
    </Button>
  );
}

interface SectionGroupsProps {
  /** The list whose page it is; null for the Inbox. */
  listId: string | null;
  /** The page's top-level pending todos loaded so far, in the user's order (`sort=order`). */
  todos: readonly Todo[];
  /** Whether more pages follow: the sections after the last one loaded wait for them. */
  more: boolean;
  /** What the list says when it has no todos and no sections. */
  empty: ReactNode;
  /** Draws rows ordered by hand (each knowing its siblings). */
  renderRows: (todos: readonly Todo[]) => ReactNode;
}

/**
 * The sections shown while pages are still to come: the server sends the todos in the user's
 * order, those in no section and then each section's in turn, so the sections after the last
 * one a loaded todo is in have not been reached yet. Shown then, they would say they are empty.
 */
function reached(sections: readonly Section[], todos: readonly Todo[], more: boolean) {
  if (!more) {
    return sections;
  }
  const last = todos.at(-1)?.sectionId ?? null;
  const upTo = sections.findIndex((section) => section.id === last);
  // In no section yet: none reached. In one not read yet: every section, rather than none.
  if (upTo === -1) {
    return last === null ? [] : sections;
  }
  return sections.slice(0, upTo + 1);
}

/**
 * A list page's pending todos grouped by section (ADR 0027, web): those in no section first, then
 * each section under its heading, in the user's order; Add section last. The todos come a page at
 * a time in that order (`sort=order`); a section is shown once its todos have begun to arrive.
 */
export function SectionGroups({ listId, todos, more, empty, renderRows }: SectionGroupsProps) {
  const sections = useSections(listId);
  const known = new Set(sections.data?.map((section) => section.id));
  const unsectioned = todos
    .filter((todo) => todo.sectionId === null || !known.has(todo.sectionId))
    .sort(byOrder);
  const nothing = todos.length === 0 && !sections.data?.length;
  return (
    <div className="space-y-4">
      {nothing ? empty : unsectioned.length > 0 && renderRows(unsectioned)}
      {sections.isError && !sections.data && (
        <LoadError
          message={SECTION_MESSAGES.sectionsLoadFailed}
          onRetry={() => void sections.refetch()}
          className={errorPanelClass}
        />
      )}
      {sections.data &&
        reached(sections.data, todos, more).map((section) => (
          <SectionGroup
            key={section.id}
            section={section}
            sections={sections.data}
            todos={todos.filter((todo) => todo.sectionId === section.id).sort(byOrder)}
            renderRows={renderRows}
          />
        ))}
      {sections.data && !more && <AddSection listId={listId} />}
    </div>
  );
}
