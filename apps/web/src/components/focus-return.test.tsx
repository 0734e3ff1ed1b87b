import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';
import { ToggleCheckbox } from './toggle-checkbox';

interface Item {
  id: number;
  title: string;
  completed: boolean;
}

/**
 * Two lists as the todos page has them: a toggle ticks the box at once and the row moves to
 * the other list when the lists are read again, after the save.
 */
function TwoLists({ fail = false, staggered = false }: { fail?: boolean; staggered?: boolean }) {
  const [items, setItems] = useState<Item[]>([
    { id: 1, title: 'Call mum', completed: false },
    { id: 2, title: 'Buy milk', completed: false },
  ]);
  const [done, setDone] = useState<number[]>([]);
  // With `staggered`, the Completed list arrives before Pending drops the row.
  const [leaving, setLeaving] = useState<number[]>([]);
  const row = (item: Item) => (
    <li key={item.id}>
      <ToggleCheckbox
        focusKey={`todo:${item.id}`}
        checked={item.completed}
        label={`Mark "${item.title}" as ${item.completed ? 'pending' : 'completed'}`}
        onToggle={async (completed) => {
          const set = (value: boolean) =>
            setItems((all) => all.map((i) => (i.id === item.id ? { ...i, completed: value } : i)));
          set(completed);
          if (fail) {
            set(!completed);
            throw new Error('refused');
          }
          // The refetch after the save moves the row.
          if (staggered) {
            setLeaving([item.id]);
            setTimeout(() => setLeaving([]), 600);
          }
          setTimeout(() => {
            setDone((ids) => (completed ? [...ids, item.id] : ids.filter((id) => id !== item.id)));
          }, 400);
        }}
      />
    </li>
  );
  return (
    <>
      <ul aria-label="Pending">
        {items.filter((i) => !done.includes(i.id) || leaving.includes(i.id)).map(row)}
      </ul>
      <ul aria-label="Completed">{items.filter((i) => done.includes(i.id)).map(row)}</ul>
    </>
  );
}

describe('keyboard focus after a toggle', () => {
  it('follows the todo into its new list', async () => {
    const user = userEvent.setup();
    render(<TwoLists />);
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Mark "Call mum" as completed' })).toHaveFocus();

    await user.keyboard(' ');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Completed' })).getByRole('checkbox', {
          name: 'Mark "Call mum" as pending',
        }),
      ).toHaveFocus(),
    );

    await user.keyboard(' ');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Pending' })).getByRole('checkbox', {
          name: 'Mark "Call mum" as completed',
        }),
      ).toHaveFocus(),
    );
    // Let the toggle settle before the next test renders.
    await new Promise((resolve) => setTimeout(resolve, 450));
  });

  it('moves to the new list even when it arrives before the old row leaves', async () => {
    const user = userEvent.setup();
    render(<TwoLists staggered />);
    await user.tab();
    await user.keyboard(' ');
    const moved = within(await screen.findByRole('list', { name: 'Completed' })).findByRole(
      'checkbox',
      { name: 'Mark "Call mum" as pending' },
    );
    await waitFor(async () => expect(await moved).toHaveFocus());
    // Let the old row leave before the next test renders.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it('stays on the box while it saves and after a rollback', async () => {
    const user = userEvent.setup();
    render(<TwoLists fail />);
    await user.tab();
    const box = screen.getByRole('checkbox', { name: 'Mark "Call mum" as completed' });
    await user.keyboard(' ');
    await waitFor(() => expect(box).toHaveAttribute('aria-disabled', 'false'));
    expect(box).not.toBeChecked();
    expect(box).toHaveFocus();
  });

  it('does not take the focus for a box toggled by the mouse elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Elsewhere</button>
        <TwoLists />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Mark "Buy milk" as completed' }));
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark "Buy milk" as pending' })).toBeChecked(),
    );
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      {open && (
        <Modal title="Edit Todo" description="Change the todo." onClose={() => setOpen(false)}>
          <input aria-label="Title" />
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('gives the focus back to the control that opened it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Todo' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });
});

function DeletableList() {
  const [titles, setTitles] = useState(['Call mum', 'Buy milk', 'Pay rent']);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <>
      <ul aria-label="Pending">
        {titles.map((title) => (
          <li key={title}>
            <input type="checkbox" aria-label={`Mark "${title}" as completed`} />
            <button type="button" onClick={() => setDeleting(title)}>
              Delete {title}
            </button>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title="Delete Todo"
          pending={false}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            setTitles((all) => all.filter((title) => title !== deleting));
            setDeleting(null);
          }}
        >
          Delete it?
        </ConfirmDialog>
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it("moves the focus to the next row when the opener's row was deleted, else the previous", async () => {
    const user = userEvent.setup();
    render(<DeletableList />);
    await user.click(screen.getByRole('button', { name: 'Delete Buy milk' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark "Pay rent" as completed' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Pay rent' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark "Call mum" as completed' })).toHaveFocus(),
    );
  });
});

function EmptyStateCreate() {
  const [created, setCreated] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Today">
      {created ? (
        <div>
          <h2>Monday</h2>
          <button type="button">Edit Plan</button>
        </div>
      ) : (
        <p>
          <button type="button" onClick={() => setOpen(true)}>
            Create Today&apos;s Plan
          </button>
        </p>
      )}
      {open && (
        <Modal
          title="Create Daily Goal Plan"
          description="Plan the day."
          onClose={() => {
            setCreated(true);
            setOpen(false);
          }}
        >
          <input aria-label="Plan Title" />
        </Modal>
      )}
    </section>
  );
}

describe('Modal whose opener is gone', () => {
  it('puts the focus in the nearest container still shown, not on <body>', async () => {
    const user = userEvent.setup();
    render(<EmptyStateCreate />);
    await user.click(screen.getByRole('button', { name: "Create Today's Plan" }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Plan' })).toHaveFocus());
  });
});
