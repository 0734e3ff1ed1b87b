/**
 * The web's texts for lists (issue 32, ADR 0029, ours). A module apart from messages.ts, which
 * every page loads first: only the signed-in pages that show lists load these (the first-load
 * budgets of scripts/bench-web.mjs), from `@daywise/shared/list-messages`, as the index is in that
 * first load.
 */
export const LIST_MESSAGES = {
  listCreated: 'List created',
  listCreateFailed: 'Failed to create list',
  listUpdated: 'List updated',
  listUpdateFailed: 'Failed to update list',
  listArchived: 'List archived',
  listRestored: 'List restored',
  listMoved: 'List moved',
  listDeleted: 'List deleted',
  listDeleteFailed: 'Failed to delete list',
  listsLoadFailed: 'Failed to load your lists',
  listToolsLoadFailed: 'The list tools could not load. Check your connection and try again.',
  listEmpty: 'No todos in this list',
  inboxEmpty: 'No todos in your Inbox',
  todoMoved: (list: string) => `Moved to ${list}`,
  todoMoveFailed: 'Failed to move todo',
} as const;
