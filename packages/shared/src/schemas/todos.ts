import { z } from 'zod';

import {
  DUE_FILTERS,
  PRIORITIES,
  QUOTAS,
  TODO_LIMITS,
  TODO_LIST_SORTS,
  TODO_STATUSES,
} from '../constants';
import { FIRST_DAY, isCalendarDay, LAST_DAY } from '../dates';
import { ESTIMATE_LIMITS, FOCUS_MESSAGES } from '../focus-messages';
import { MESSAGES } from '../messages';
import {
  REMINDER_BEFORE_MAX_MINUTES,
  REMINDER_TIME_PATTERN,
  TODO_REMINDERS_MAX,
  type TodoReminder,
} from '../reminders';
import { BLOCK_MESSAGES, BLOCK_MINUTES_MAX, BLOCK_MINUTES_MIN } from '../time-blocks';

export type Priority = (typeof PRIORITIES)[number];

/**
 * A calendar date, YYYY-MM-DD, that exists and lies within the days Daywise accepts (ADR 0022):
 * every date the API takes is one of these, and so is every date in an archive.
 */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter a valid date', abort: true })
  .refine((value) => value >= FIRST_DAY && value <= LAST_DAY, {
    error: MESSAGES.dateOutOfRange(FIRST_DAY, LAST_DAY),
    abort: true,
  })
  .refine(isCalendarDay, 'Please enter a valid date');

/** A reminder time on the 24-hour clock, HH:MM. */
export const reminderTimeSchema = z
  .string()
  .regex(REMINDER_TIME_PATTERN, MESSAGES.reminderTimeInvalid);

/**
 * What the API says of a todo's due time and reminders (ours, issue 32, ADR 0030). Here, beside
 * the schemas, not in MESSAGES: only forms and the server need them, and MESSAGES loads with
 * every page.
 */
export const REMINDER_MESSAGES = {
  dueTimeNeedsDueDate: 'A due time needs a due date',
  atInvalid: 'Please enter a valid date and time',
  beforeInvalid: `Please enter a whole number of minutes before the due time, from 0 to ${REMINDER_BEFORE_MAX_MINUTES.toLocaleString('en-US')}`,
  shapeInvalid: 'A reminder is either at a date and time or a number of minutes before',
  tooMany: `A todo can have at most ${TODO_REMINDERS_MAX} reminders`,
  beforeNeedsDueTime: 'A reminder before the due time needs a due date and a due time',
  reminderTimeAfterDueTime:
    'The reminder time is after the due time; set the todo’s reminders instead',
  reminderTimeDisagrees: 'reminderTime and reminders say different things; send one of them',
} as const;

/** A time block's start on its day, HH:MM on the 24-hour clock (ADR 0031, Time blocks). */
export const blockStartSchema = z
  .string({ error: BLOCK_MESSAGES.startInvalid })
  .regex(REMINDER_TIME_PATTERN, BLOCK_MESSAGES.startInvalid);

/** A time block's length: whole minutes, BLOCK_MINUTES_MIN to BLOCK_MINUTES_MAX. */
export const blockMinutesSchema = z
  .number({ error: BLOCK_MESSAGES.minutesInvalid })
  .int(BLOCK_MESSAGES.minutesInvalid)
  .min(BLOCK_MINUTES_MIN, BLOCK_MESSAGES.minutesInvalid)
  .max(BLOCK_MINUTES_MAX, BLOCK_MESSAGES.minutesInvalid);

/** A todo's due time on its due date, HH:MM on the 24-hour clock (ADR 0030). */
export const dueTimeSchema = reminderTimeSchema;

/** An instant a reminder may name: ISO 8601 with a zone, on a day Daywise accepts (ADR 0022). */
const reminderInstantSchema = z.string().refine((value) => {
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) {
    return false;
  }
  const day = new Date(value).toISOString().slice(0, 10);
  return isCalendarDay(value.slice(0, 10)) && day >= FIRST_DAY && day <= LAST_DAY;
}, REMINDER_MESSAGES.atInvalid);

/**
 * One reminder of a todo (ADR 0030), as the API takes it: `{ at }`, an instant (kept in UTC,
 * `2026-12-01T08:00:00.000Z`), or `{ before }`, whole minutes before the due date and time in the
 * user's time zone (0 is at the due time; whole days count on the calendar, so 1440 is the same
 * time the day before). A reminder before the due time needs a due date and a due time.
 */
export const todoReminderInputSchema = z
  .strictObject(
    {
      at: reminderInstantSchema.optional(),
      before: z
        .number({ error: REMINDER_MESSAGES.beforeInvalid })
        .int(REMINDER_MESSAGES.beforeInvalid)
        .min(0, REMINDER_MESSAGES.beforeInvalid)
        .max(REMINDER_BEFORE_MAX_MINUTES, REMINDER_MESSAGES.beforeInvalid)
        .optional(),
    },
    { error: REMINDER_MESSAGES.shapeInvalid },
  )
  .refine(
    (reminder) => (reminder.at === undefined) !== (reminder.before === undefined),
    REMINDER_MESSAGES.shapeInvalid,
  )
  .transform((reminder): TodoReminder =>
    reminder.at !== undefined
      ? { at: new Date(reminder.at).toISOString() }
      : { before: reminder.before ?? 0 },
  );

/** A todo's reminders as it keeps them: at most TODO_REMINDERS_MAX, each once, in the order given. */
export const todoRemindersSchema = z
  .array(todoReminderInputSchema)
  .max(TODO_REMINDERS_MAX, REMINDER_MESSAGES.tooMany)
  .transform((reminders) => {
    const seen = new Set<string>();
    return reminders.filter((reminder) => {
      const key = JSON.stringify(reminder);
      return seen.has(key) ? false : (seen.add(key), true);
    });
  });

/** A reminder as the API answers it. */
export const todoReminderSchema = z
  .union([z.object({ at: z.string() }), z.object({ before: z.number().int() })])
  .meta({ id: 'Reminder' });

/**
 * How a todo repeats (docs/product/todos.md, "Repeating todos"). `rule` is an RFC 5545 RRULE value
 * without DTSTART, such as `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`, `FREQ=MONTHLY;BYMONTHDAY=-1` or
 * `FREQ=DAILY;COUNT=10`; the series starts on the todo's due date, in the user's time zone, and
 * the server checks which parts it accepts. `from` is 'due' when the next occurrence follows the
 * rule from the current one, or 'completion' when it is counted from the day the todo was done
 * ('3 days after it was completed' is `FREQ=DAILY;INTERVAL=3` from 'completion').
 */
export const REPEAT_FROM = ['due', 'completion'] as const;
export type RepeatFrom = (typeof REPEAT_FROM)[number];
export const REPEAT_RULE_MAX = 200;
export const repeatSchema = z
  .object({
    rule: z
      .string()
      .trim()
      .min(1, 'Please choose how it repeats')
      .max(REPEAT_RULE_MAX, 'Please choose how it repeats'),
    from: z.enum(REPEAT_FROM),
  })
  .meta({ id: 'Repeat' });
export type Repeat = z.infer<typeof repeatSchema>;

/**
 * A repeating todo is a habit: its streak counts the occurrences done on time in a row, a freeze
 * (earned for every 7 in a row) covering one missed occurrence, and days off not counting.
 */
export const habitSchema = z
  .object({
    /** Occurrences done on time in a row, up to today. */
    streak: z.number().int(),
    /** The longest streak so far. */
    best: z.number().int(),
    /** Freezes earned and not yet used. */
    freezes: z.number().int(),
    /** Occurrences done in all (an ending rule's COUNT counts these and the skipped ones). */
    done: z.number().int(),
  })
  .meta({ id: 'Habit' });
export type Habit = z.infer<typeof habitSchema>;

const todoFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(TODO_LIMITS.titleMax, `Title must be at most ${TODO_LIMITS.titleMax} characters`),
  description: z
    .string()
    .trim()
    .max(
      TODO_LIMITS.descriptionMax,
      `Description must be at most ${TODO_LIMITS.descriptionMax} characters`,
    ),
  priority: z.enum(PRIORITIES),
  dueDate: dateSchema.nullable(),
  /**
   * Kept for clients older than `reminders` (ADR 0030): written, one reminder at that time on the
   * due date (without a due date, a daily reminder); read, the time of the earliest reminder on
   * the due date counted from the due time.
   */
  reminderTime: reminderTimeSchema.nullable(),
  /** Its time on the due date, or null; only with a due date. */
  dueTime: dueTimeSchema.nullable(),
  /** Up to TODO_REMINDERS_MAX reminders (ADR 0030). */
  reminders: todoRemindersSchema,
  /** The ids of the user's own tags the todo carries (each once). */
  tagIds: z
    .array(z.string().min(1).max(100))
    .max(TODO_LIMITS.tagsMax, `A todo can have at most ${TODO_LIMITS.tagsMax} tags`)
    .transform((ids) => [...new Set(ids)]),
  /** A repeating todo needs a due date: the first occurrence. */
  repeat: repeatSchema.nullable(),
  /**
   * The id of the user's own list it is in, or null for the Inbox (ADR 0026). A subtask is in its
   * parent's list: given with a parent, it must be the parent's.
   */
  listId: z.string().min(1).max(100).nullable(),
  /**
   * The section of its list it is in, or null for none (ADR 0027). A subtask is in its parent's
   * section: given with a parent, it must be the parent's.
   */
  sectionId: z.string().min(1).max(100).nullable(),
  /**
   * The todo it is a subtask of, or null for a top-level todo (ADR 0027): one of the user's own,
   * not itself nor one of its subtasks, and at most SUBTASK_DEPTH_MAX levels below a top-level
   * todo, its own subtasks counted.
   */
  parentId: z.string().min(1).max(100).nullable(),
  /**
   * Its place among its siblings, from 0 (the subtasks of the same parent; for a top-level todo,
   * those in the same list and section): the others shift to make room, and a place past the end
   * puts it last, where a new todo goes unless told.
   */
  order: z.number().int().min(0).max(QUOTAS.todos),
  /**
   * The day of its time block, independent of its due date (ADR 0031, Time blocks): a todo
   * scheduled into a block keeps its due date. A block is its day, start and length together;
   * null in any of them clears it.
   */
  blockDate: dateSchema.nullable(),
  /** Its time block's start on `blockDate`, HH:MM; it must end by midnight. */
  blockStart: blockStartSchema.nullable(),
  /** Its time block's length in whole minutes. */
  blockMinutes: blockMinutesSchema.nullable(),
  /** How long it should take, in whole minutes (ESTIMATE_LIMITS), or null for none (ADR 0032). */
  estimateMinutes: z
    .number({ error: FOCUS_MESSAGES.estimateRange })
    .int(FOCUS_MESSAGES.estimateRange)
    .min(ESTIMATE_LIMITS.min, FOCUS_MESSAGES.estimateRange)
    .max(ESTIMATE_LIMITS.max, FOCUS_MESSAGES.estimateRange)
    .nullable(),
};

/**
 * A new todo: title required and trimmed, priority medium by default. Without a parent it goes to
 * the Inbox unless `listId` says, in no section unless `sectionId` says; with one, to its parent's
 * list and section. It goes last among its siblings unless `order` says.
 */
export const todoCreateSchema = z.object({
  ...todoFields,
  description: todoFields.description.default(''),
  priority: todoFields.priority.default('medium'),
  dueDate: todoFields.dueDate.default(null),
  /** Absent or null: no reminder from it (ADR 0030). */
  reminderTime: todoFields.reminderTime.optional(),
  tagIds: todoFields.tagIds.default([]),
  repeat: todoFields.repeat.default(null),
  listId: todoFields.listId.optional(),
  sectionId: todoFields.sectionId.optional(),
  parentId: todoFields.parentId.default(null),
  order: todoFields.order.optional(),
  dueTime: todoFields.dueTime.default(null),
  /** Absent: none, or the one `reminderTime` makes. */
  reminders: todoFields.reminders.optional(),
  blockDate: todoFields.blockDate.default(null),
  blockStart: todoFields.blockStart.default(null),
  blockMinutes: todoFields.blockMinutes.default(null),
  estimateMinutes: todoFields.estimateMinutes.default(null),
});

/**
 * A change to a todo: any of its fields, and completed to toggle it. Completing a repeating todo
 * records that occurrence as done and moves the todo to its next occurrence (it stays pending);
 * `completed: false` on a repeating todo undoes its latest recorded occurrence, done or skipped,
 * putting the due date back (the Undo of a toast).
 *
 * Completing a todo that does not repeat completes its open subtasks, at every level, with it;
 * `completed: false` reopens it and exactly the subtasks completed with it, so the toast's one
 * Undo restores them all (ADR 0027). Moving a todo to another list or section moves its
 * subtasks with it; a new `listId` without `sectionId` leaves it in no section.
 */
export const todoUpdateSchema = z
  .object({ ...todoFields, completed: z.boolean() })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');

export type TodoCreate = z.input<typeof todoCreateSchema>;
export type TodoUpdate = z.infer<typeof todoUpdateSchema>;
/** A change as a client sends it (reminders before the schema tidies them). */
export type TodoUpdateInput = z.input<typeof todoUpdateSchema>;

/** The list's filters (docs/product/todos.md; the due-date filter is ours, see issue 5). */
export const todoListQuerySchema = z.object({
  status: z.enum(TODO_STATUSES).default('all'),
  priority: z.enum(PRIORITIES).optional(),
  due: z.enum(DUE_FILTERS).default('any'),
  q: z.string().trim().max(200).optional(),
  /** Only todos carrying this tag (its id). */
  tag: z.string().min(1).max(100).optional(),
  /** Only todos in this list (its id), or 'inbox' for those in none (ADR 0026). */
  list: z.string().min(1).max(100).optional(),
  /**
   * Only todos matching this query in the filter language (ADR 0028), with the other filters.
   * One that does not parse is refused with 400 FILTER_INVALID and its position; its length is
   * the parser's to check (FILTER_LIMITS.queryMax), so the answer can say where it is too long.
   */
  filter: z.string().optional(),
  /** Only the subtasks of this todo (its id), or 'none' for top-level todos only (ADR 0027). */
  parent: z.string().min(1).max(100).optional(),
  sort: z.enum(TODO_LIST_SORTS).default('created'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TodoListQuery = z.input<typeof todoListQuerySchema>;

/** A tag as a todo carries it. */
export const todoTagSchema = z
  .object({ id: z.string(), name: z.string(), color: z.string() })
  .meta({ id: 'TodoTag' });
export type TodoTag = z.infer<typeof todoTagSchema>;

/** A todo as the API answers it; timestamps are ISO 8601 instants. */
export const todoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: z.enum(PRIORITIES),
    dueDate: z.string().nullable(),
    reminderTime: z.string().nullable(),
    completed: z.boolean(),
    completedAt: z.string().nullable(),
    repeat: repeatSchema.nullable(),
    /** Null unless the todo repeats. */
    habit: habitSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The tags it carries, ordered by name. */
    tags: z.array(todoTagSchema),
    /** The list it is in, or null for the Inbox (ADR 0026). */
    listId: z.string().nullable(),
    /** Its time on the due date, HH:MM, or null (ADR 0030). */
    dueTime: z.string().nullable(),
    /** Its reminders, in the order given (ADR 0030). */
    reminders: z.array(todoReminderSchema),
    /** The section of its list it is in, or null for none (ADR 0027). */
    sectionId: z.string().nullable(),
    /** The todo it is a subtask of, or null for a top-level todo. */
    parentId: z.string().nullable(),
    /** Its place among its siblings, from 0, without gaps. */
    order: z.number().int(),
    /** Its time block's day, start (HH:MM) and length in minutes, or nulls (ADR 0031). */
    blockDate: z.string().nullable(),
    blockStart: z.string().nullable(),
    blockMinutes: z.number().int().nullable(),
    /**
     * Its own subtasks (one level down): how many are open, and how many in all; and the todos at
     * every level below it: `openBelow`, those completing it completes with it (open and not
     * repeating), `totalBelow`, those deleting it deletes with it (ADR 0027).
     */
    subtaskCounts: z.object({
      open: z.number().int(),
      total: z.number().int(),
      openBelow: z.number().int(),
      totalBelow: z.number().int(),
    }),
    /** How long it should take, in minutes, or null (ADR 0032). */
    estimateMinutes: z.number().int().nullable(),
    /** The minutes of its focus sessions (ADR 0032). */
    focusMinutes: z.number().int(),
  })
  .meta({ id: 'Todo' });
export type Todo = z.infer<typeof todoSchema>;

/**
 * One page of a todo list, newest first, and how many match the filters in all; for a search
 * with more than SEARCH_COUNT_LIMIT matches, `total` is that limit and `totalIsLowerBound` true.
 */
export const todoPageSchema = z.object({
  items: z.array(todoSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
});
export type TodoPage = z.infer<typeof todoPageSchema>;

export const todoStatsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  /** Percent, rounded (Completion Rate). */
  completionRate: z.number(),
});
export type TodoStats = z.infer<typeof todoStatsSchema>;
