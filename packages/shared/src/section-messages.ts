/**
 * The web's texts for subtasks and sections (issue 32, ADR 0027's web section, ours). A module
 * apart, as list-messages.ts is: only the todo pages that show subtasks and sections load these
 * (the first-load budgets of scripts/bench-web.mjs), from `@daywise/shared/section-messages`.
 */
export const SECTION_MESSAGES = {
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
