import type { Archive, ArchiveTodo, ImportFormat, ImportProblem } from '@daywise/shared/schemas';

import type { TodoFields } from '../todos/todo-fields';
import type { ImportedRepeat } from './repeat';

/**
 * One todo read from a file, in Daywise's terms, before anything is written: the todo's own
 * fields (todos/todo-fields.ts) but those the import gives it, and what it brings besides. Its
 * list, section and parent are the file's ids for them, found among those restored when it is
 * written; its place among its siblings is where it lands then (the items come in order).
 */
export interface ImportItem
  extends
    Omit<
      TodoFields,
      | 'id'
      | 'createdAt'
      | 'updatedAt'
      | 'order'
      | 'parentId'
      | 'blockDate'
      | 'blockStart'
      | 'blockMinutes'
      | 'estimateMinutes'
      | 'focusMinutes'
    >,
    // Only a Daywise archive says (ADR 0031, Time blocks); other files leave them out.
    Partial<Pick<TodoFields, 'blockDate' | 'blockStart' | 'blockMinutes'>> {
  /** Only a Daywise archive says (ADR 0032); other files give none. */
  estimateMinutes?: number | null;
  /** The file's row (CSV line, or the todo's place in an archive, from 1). */
  row: number;
  /** Who the item is across imports: a hash of the source and its original identity. */
  sourceKey: string;
  /**
   * The source key of the item it is a subtask of, which comes before it, or null: it becomes a
   * subtask of the todo that item became, if there is one and it is not too deep.
   */
  parentKey: string | null;
  /** Tag names (each at most PLAN_LIMITS.tagNameMax characters, at most TODO_LIMITS.tagsMax). */
  tags: string[];
  repeat: ImportedRepeat | null;
  /** What a Daywise archive keeps of the todo that other files cannot say. */
  original?: ArchivedTodo;
}

/** A todo's own times and history, as a Daywise archive holds them, restored as they were. */
export interface ArchivedTodo {
  /** The todo's id in the account the archive came from: there, the todo is already here. */
  id: string;
  createdAt: string;
  updatedAt: string;
  completedDate: string | null;
  repeatStart: string | null;
  /** Its repeat's excluded dates (ADR 0031), none in archives made before them. */
  repeatExcluded: string[];
  occurrences: NonNullable<ArchiveTodo['occurrences']>;
  /** Its parent's id there: in that account, the parent may be here under it. */
  parentId: string | null;
  /** The todo whose completion completed it, by its source key and its id there. */
  completedWith: { key: string; id: string } | null;
  /** Its focus sessions (ADR 0032), restored with it; its focus minutes are their sum. */
  focusSessions: NonNullable<Archive['focusSessions']>;
}

/** What a Daywise archive holds besides todos and tags (imports/restore.ts brings it back). */
export type ArchiveRest = Pick<
  Archive,
  'profile' | 'settings' | 'tags' | 'plans' | 'completions' | 'sharedPlans' | 'chats'
> & {
  daysOff: NonNullable<Archive['daysOff']>;
  lists: NonNullable<Archive['lists']>;
  savedFilters: NonNullable<Archive['savedFilters']>;
  sections: NonNullable<Archive['sections']>;
  focusSessions: NonNullable<Archive['focusSessions']>;
};

/**
 * The lists and sections a Todoist or TickTick file names (file-places.ts): its items carry their
 * keys as `listId` and `sectionId`, and the import finds or creates a list or section for each.
 */
export interface FilePlaces {
  /** Each list the file names, once, by its key. */
  lists: { key: string; name: string }[];
  /** Each section the file names, once, by its key, with its list's key (null: the Inbox). */
  sections: { key: string; listKey: string | null; name: string }[];
}

export interface ParsedImport {
  format: ImportFormat;
  items: ImportItem[];
  /** Rows skipped or changed, and why. */
  problems: ImportProblem[];
  /** What maps to what, for the preview. */
  mappings: { from: string; to: string }[];
  /**
   * Colours for the tags the file names: an archive's own, or for other files the tag picker's
   * in turn (read.ts, tagPalette); a tag without one gets the default.
   */
  tagColors: Map<string, string>;
  /** The rest of a Daywise archive; absent for other formats. */
  archive?: ArchiveRest;
  /** The lists and sections a Todoist or TickTick file names; absent for an archive. */
  places?: FilePlaces;
}

/** What the parsers need to know about the user: their zone and today, for relative dates. */
export interface ParseContext {
  timeZone: string;
  now: Date;
}
