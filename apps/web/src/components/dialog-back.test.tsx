import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { DialogCloseButton } from './dialog-close';
import { Modal } from './modal';

/** A page with a field of its own and a dialog with a confirmation inside it. */
function Page({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <label>
        Notes
        <input />
      </label>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Edit" description="Edit the note" busy={busy} onClose={() => setOpen(false)}>
          <label>
            Title
            <input />
          </label>
          <button type="button" onClick={() => setConfirming(true)}>
            Remove
          </button>
          <DialogCloseButton>Cancel</DialogCloseButton>
          {confirming && (
            <ConfirmDialog
              title="Remove note"
              pending={false}
              onConfirm={() => setConfirming(false)}
              onClose={() => setConfirming(false)}
            >
              Remove it?
            </ConfirmDialog>
          )}
        </Modal>
      )}
    </>
  );
}

const dialogs = () =>
  (window.history.state as { daywiseDialogs?: string[] } | null)?.daywiseDialogs;

describe('Back and dialogs', () => {
  it('Back closes the dialog and keeps what is typed on the page', async () => {
    const { user } = renderWithProviders(<Page />);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'keep me');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'draft');
    await waitFor(() => expect(dialogs()).toHaveLength(1));

    window.history.back();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('keep me');
    expect(dialogs()).toBeUndefined();
  });

  it('a dialog closed with Cancel takes its history entry back off', async () => {
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(dialogs()).toBeUndefined());
  });

  it('Back closes only the confirmation over a dialog', async () => {
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alertdialog', { name: 'Remove note' })).toBeInTheDocument();
    await waitFor(() => expect(dialogs()).toHaveLength(2));

    window.history.back();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    expect(dialogs()).toHaveLength(1);

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogs()).toBeUndefined());
  });

  it('a busy dialog stays open on Back', async () => {
    const { user } = renderWithProviders(<Page busy />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));

    const popped = new Promise((resolve) => {
      window.addEventListener('popstate', resolve, { once: true });
    });
    window.history.back();
    await popped;

    // Back went to the entry before the dialog's, and the dialog put its entry back.
    expect(dialogs()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
  });
});
