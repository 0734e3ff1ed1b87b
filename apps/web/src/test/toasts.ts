import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Presses the Undo of the toast saying `message` from the keyboard (jsdom has no pointer capture
 * for sonner's swipe handling, and the keyboard is what must reach it anyway). The page must be
 * rendered with `toaster: true`.
 */
export async function pressUndo(user: UserEvent, message: string): Promise<void> {
  const toast = (await screen.findByText(message)).closest('li');
  expect(toast).not.toBeNull();
  within(toast as HTMLElement)
    .getByRole('button', { name: 'Undo' })
    .focus();
  await user.keyboard('{Enter}');
}
