import type { Generated, SqlBool } from 'kysely';

/*
 * The tables of a user's todos and how they are organised: lists, sections, saved filters, tags,
 * occurrences of repeating todos, days off and the counts triggers keep. db/schema.ts gathers
 * every table into `Database`.
 */

/** Each user's todo counts, kept by triggers on todos (migration 0009). */
export interface TodoCountTable {
  user_id: string;
  total: number;
  completed: number;
}

export interface TodoTable {
  id: string;
  user_id: string;
  title: string;
  description: Generated<string>;
  priority: Generated<'low' | 'medium' | 'high'>;
  /** YYYY-MM-DD, a calendar date without a time zone. */
  due_date: string | null;
  /**
   * HH:MM on the 24-hour clock: without a due date, the daily reminder old clients set; with one,
   * what `reminders` read as for them (ADR 0030).
   */
  reminder_time: string | null;
  completed: Generated<SqlBool>;
  completed_at: string | null;
  /** YYYY-MM-DD: the day it was completed, in the user's time zone then (ADR 0010). */
  completed_date: string | null;
  created_at: string;
  updated_at: string;
  /** An RRULE value without DTSTART (todos/repeats.ts); null for a todo that does not repeat. */
  repeat_rule: string | null;
  repeat_from: 'due' | 'completion' | null;
  /** YYYY-MM-DD: the series' first day, its DTSTART in the user's time zone. */
  repeat_start: string | null;
  /**
   * The JSON text of the series' excluded dates (`string[]`, YYYY-MM-DD, sorted): occurrences
   * moved on their own (migration 0036, ADR 0031).
   */
  repeat_excluded: Generated<string>;
  /** The habit as of the last write (habits/habit.ts), counted up to `habit_through`. */
  habit_streak: Generated<number>;
  habit_best: Generated<number>;
  habit_freezes: Generated<number>;
  habit_done: Generated<number>;
  /** YYYY-MM-DD: every occurrence up to this day is counted in the habit columns. */
  habit_through: string | null;
  /** The list it is in; null for the Inbox (migration 0023, ADR 0026). */
  list_id: string | null;
  /** HH:MM on the due date, or null (migration 0026, ADR 0030). */
  due_time: string | null;
  /** The JSON text of its reminders, `TodoReminder[]` (migration 0026, ADR 0030). */
  reminders: Generated<string>;
  /** The section of its list it is in, or null (migration 0024, ADR 0027). */
  section_id: string | null;
  /** The todo it is a subtask of; null for a top-level todo. */
  parent_id: string | null;
  /**
   * Its place among its siblings, 0 first, without gaps: the same parent's subtasks, or the
   * top-level todos of the same list and section.
   */
  position: Generated<number>;
  /** The todo whose completion completed it too; reopening that one reopens it. */
  completed_with: string | null;
  /**
   * YYYY-MM-DD: its time block's day, apart from its due date (migration 0032, ADR 0031); with
   * `block_start` and `block_minutes`, all three set or all null.
   */
  block_date: string | null;
  /** HH:MM: its time block's start. */
  block_start: string | null;
  /** Its time block's length in minutes. */
  block_minutes: number | null;
  /** How long it should take, in minutes, or null (migration 0033, ADR 0032). */
  estimate_minutes: number | null;
  /** The minutes of its focus sessions, kept with each one written (ADR 0032). */
  focus_minutes: Generated<number>;
}

/** A named group of todos within a list, or the Inbox (migration 0024, ADR 0027). */
export interface SectionTable {
  id: string;
  user_id: string;
  /** Null: the Inbox. */
  list_id: string | null;
  name: string;
  /** Its place among its list's sections, 0 first, without gaps. */
  position: number;
  created_at: string;
  updated_at: string;
}

/** A user's todo list (migration 0023, ADR 0026). */
export interface ListTable {
  id: string;
  user_id: string;
  name: string;
  /** #RRGGBB */
  color: string;
  /** Its place among the user's lists, 0 first, without gaps. */
  position: number;
  archived: SqlBool;
  created_at: string;
  updated_at: string;
}

/** A user's saved filter (migration 0025, ADR 0028). */
export interface SavedFilterTable {
  id: string;
  user_id: string;
  name: string;
  /** #RRGGBB */
  color: string;
  /** A query in the filter language, as it parsed when saved. */
  query: string;
  /** Its place among the user's saved filters, 0 first, without gaps. */
  position: number;
  created_at: string;
  updated_at: string;
}

/** One occurrence of a repeating todo, done or skipped (migration 0014). */
export interface TodoOccurrenceTable {
  id: string;
  user_id: string;
  todo_id: string;
  /** YYYY-MM-DD: the occurrence's date. */
  occurrence_date: string;
  outcome: 'done' | 'skipped';
  completed_at: string;
  /** YYYY-MM-DD: the day it was done or skipped, in the user's time zone then. */
  completed_on: string;
  created_at: string;
}

/** A range of days off, first and last day included (migration 0015). */
export interface DayOffTable {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  created_at: string;
}

export interface UserTagTable {
  id: string;
  user_id: string;
  name: string;
  /** The name folded for comparison in every script (migration 0008, plans/tags.ts). */
  name_key: string;
  color: string;
  created_at: string;
}

/** The tags a todo carries (migration 0016). */
export interface TodoTagTable {
  todo_id: string;
  tag_id: string;
}

/** A todo as a CalDAV client wrote it, what Daywise does not model (migration 0037, ADR 0034). */
export interface DavObjectTable {
  todo_id: string;
  user_id: string;
  /** The resource name the client chose, such as `1f0c….ics`. */
  name: string;
  /** The client's UID, served as the item's UID. */
  uid: string;
  /** JSON: the jCal of the VTODO's properties and components Daywise has no field for. */
  kept: string;
  /** The SEQUENCE the client last wrote. */
  sequence: number;
}

/** The path segment a CalDAV client chose for a list it made with MKCALENDAR (migration 0037). */
export interface DavCollectionTable {
  list_id: string;
  user_id: string;
  segment: string;
}

/** Per user, the revision of their latest CalDAV-visible change (migration 0042, ADR 0041). */
export interface DavSyncStateTable {
  user_id: string;
  revision: number;
  /** The oldest revision a sync token may name: older ones are 403 valid-sync-token. */
  floor: number;
}

/** The change log of a CalDAV collection: one row per item and collection (migration 0042). */
export interface DavSyncItemTable {
  user_id: string;
  /** A list's id, `inbox` or `daily-goals`. */
  collection: string;
  item_id: string;
  /** The resource name the item was served under there. */
  name: string;
  /** The revision that last changed the item there. */
  revision: number;
  /** Whether it left the collection (deleted, or moved to another). */
  deleted: SqlBool;
}
