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
  listDeleted: 'List deleted',
  listDeleteFailed: 'Failed to delete list',
  listsLoadFailed: 'Failed to load your lists',
  listToolsLoadFailed: 'The list tools could not load. Check your connection and try again.',
  listEmpty: 'No todos in this list',
  inboxEmpty: 'No todos in your Inbox',
  todoMoved: (list: string) => `Moved to ${list}`,
  todoMoveFailed: 'Failed to move todo',
  // Subtasks and sections in the web app (issue 32, ADR 0027's web section)
  todoReordered: 'Todo moved',
  subtaskCount: (open: number, total: number) => `${open} of ${total} subtasks open`,
  subtaskAdded: 'Subtask added',
  subtaskAddFailed: 'Failed to add subtask',
  subtasksLoadFailed: 'Failed to load subtasks',
  noSubtasks: 'No subtasks yet',
  completeWithSubtasks: (open: number) =>
    open === 1
      ? 'Its open subtask will be completed with it.'
      : `Its ${open} open subtasks will be completed with it.`,
  deleteWithSubtasks: (total: number) =>
    total === 1
      ? 'Its subtask will be deleted with it.'
      : `Its ${total} subtasks will be deleted with it.`,
  noSection: 'No section',
  subtaskMovesWithParent: 'A subtask moves with its parent.',
  sectionCreated: 'Section added',
  sectionCreateFailed: 'Failed to add section',
  sectionRenamed: 'Section renamed',
  sectionMoved: 'Section moved',
  sectionUpdateFailed: 'Failed to update section',
  sectionDeleted: 'Section deleted',
  sectionDeleteFailed: 'Failed to delete section',
  sectionDeleteExplained: 'Its todos stay in this list, in no section.',
  sectionsLoadFailed: 'Failed to load sections',
} as const;
