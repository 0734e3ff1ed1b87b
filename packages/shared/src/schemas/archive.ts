import { z } from 'zod';

import {
  MAX_EXCLUDED_DATES,
  PRIORITIES,
  PROFILE_VISIBILITIES,
  THEMES,
  WEEK_STARTS,
} from '../constants';
import { REMINDER_TIME_PATTERN } from '../reminders';
import { tagStatSchema } from './plans';
import { dateSchema, repeatSchema, todoRemindersSchema } from './todos';

/**
 * The Daywise JSON archive: everything that is the user's own, plus the shared plans and chats
 * they took part in, marked shared (docs/data-archive.md documents every field and the
 * versioning rule). The export streams it section by section in this order; an importer reads it
 * with `archiveSchema`, which ignores fields it does not know.
 *
 * Every record keeps its original `id`, so an importer can map references (a task's plan, a
 * completion's plan, a todo's tags) and recognise what it imported before.
 */
export const ARCHIVE_FORMAT = 'daywise-archive';
/** Raised only by a change an older reader would misread (docs/data-archive.md, "Versions"). */
export const ARCHIVE_SCHEMA_VERSION = 1;

/** An instant, ISO 8601 in UTC with milliseconds ('2026-11-23T08:00:00.000Z'), ADR 0003. */
const instant = z.iso.datetime();
/** A calendar day, YYYY-MM-DD, as the API accepts it (ADR 0022). */
const day = dateSchema;
/** A time of day on the 24-hour clock, HH:MM. */
const clock = z.string().regex(REMINDER_TIME_PATTERN);
const priority = z.enum(PRIORITIES);

export const archiveProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  createdAt: instant,
  /** The profile picture's bytes, base64, or null when there is none. */
  picture: z.object({ contentType: z.string(), base64: z.string() }).nullable(),
});

export const archiveSettingsSchema = z.object({
  /** Settings added later (issue 33) are absent in archives made before them. */
  notifications: z.object({
    email: z.boolean(),
    reminders: z.boolean(),
    review: z.boolean().optional(),
  }),
  privacy: z.object({
    profileVisibility: z.enum(PROFILE_VISIBILITIES),
    activityTracking: z.boolean(),
  }),
  preferences: z.object({
    theme: z.enum(THEMES),
    timezone: z.string(),
    /** Absent in archives made before the week start could be chosen. */
    weekStart: z.enum(WEEK_STARTS).optional(),
    dayStart: clock.optional(),
    dayEnd: clock.optional(),
  }),
  focus: z
    .object({
      focusMinutes: z.number(),
      shortBreakMinutes: z.number(),
      longBreakMinutes: z.number(),
      longBreakEvery: z.number(),
    })
    .optional(),
});

export const archiveTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** #RRGGBB */
  color: z.string(),
  createdAt: instant,
});

/** A todo list (ADR 0026); the Inbox is none, so it is not here. */
export const archiveListSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** #RRGGBB */
  color: z.string(),
  /** Its place among the lists, from 0. */
  position: z.number().int().min(0),
  archived: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});

/** A saved filter (ADR 0028): its query in the filter language, checked again when restored. */
export const archiveSavedFilterSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** #RRGGBB */
  color: z.string(),
  query: z.string(),
  /** Its place among the saved filters, from 0. */
  position: z.number().int().min(0),
  createdAt: instant,
  updatedAt: instant,
});

/** A section of a list or of the Inbox (ADR 0027). */
export const archiveSectionSchema = z.object({
  id: z.string(),
  /** The id of its list, or null for the Inbox. */
  listId: z.string().nullable(),
  name: z.string(),
  /** Its place among its list's sections, from 0. */
  position: z.number().int().min(0),
  createdAt: instant,
  updatedAt: instant,
});

export const archiveTodoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priority,
  dueDate: day.nullable(),
  reminderTime: clock.nullable(),
  completed: z.boolean(),
  completedAt: instant.nullable(),
  /** The day it was completed in the user's time zone then (what streaks count). */
  completedDate: day.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** The ids of the user's tags it carries (archives made before todo tags have none). */
  tagIds: z.array(z.string()).optional(),
  /** How it repeats; absent in archives made before repeating todos. */
  repeat: repeatSchema.nullable().optional(),
  /** A repeating todo's first day, which its occurrences and habit count from. */
  repeatStart: day.nullable().optional(),
  /**
   * A repeating todo's excluded dates: occurrences moved on their own (ADR 0031); absent in
   * archives made before them.
   */
  repeatExcluded: z.array(day).max(MAX_EXCLUDED_DATES).optional(),
  /** A repeating todo's occurrences done or skipped, oldest first (its habit's history). */
  occurrences: z
    .array(
      z.object({
        date: day,
        outcome: z.enum(['done', 'skipped']),
        completedAt: instant,
        completedOn: day,
      }),
    )
    .optional(),
  /** The id of the list it is in, null for the Inbox; absent in archives made before lists. */
  listId: z.string().nullable().optional(),
  /** Its time on the due date (ADR 0030); absent in archives made before due times. */
  dueTime: clock.nullable().optional(),
  /**
   * Its reminders (ADR 0030), as the API answers them; absent in archives made before them, whose
   * `reminderTime` is then read as the API reads it from an old client.
   */
  reminders: todoRemindersSchema.optional(),
  /**
   * The id of the section it is in, null for none; absent in archives made before sections, as
   * are the three below.
   */
  sectionId: z.string().nullable().optional(),
  /** The id of the todo it is a subtask of, null for a top-level todo. */
  parentId: z.string().nullable().optional(),
  /** Its place among its siblings (its parent's subtasks, or its list and section's), from 0. */
  order: z.number().int().min(0).optional(),
  /** The id of the todo whose completion completed it too, whose reopening reopens it. */
  completedWith: z.string().nullable().optional(),
  /** Its time block's day, start and minutes (ADR 0031); absent in archives made before blocks. */
  blockDate: day.nullable().optional(),
  blockStart: clock.nullable().optional(),
  blockMinutes: z.number().int().nullable().optional(),
  /** Its estimate in minutes (ADR 0032); absent in archives made before estimates, as below. */
  estimateMinutes: z.number().int().min(1).max(10000).nullable().optional(),
  /** The minutes of its focus sessions. */
  focusMinutes: z.number().int().min(0).optional(),
});

export const archiveDayOffSchema = z.object({
  id: z.string(),
  startDate: day,
  endDate: day,
  createdAt: instant,
});

export const archivePlanTaskSchema = z.object({
  id: z.string(),
  /** The task's place in its plan, from 0. */
  position: z.number().int().min(0),
  title: z.string(),
  description: z.string(),
  priority,
  /** The tag's name as the task carries it, and its colour then. */
  tag: z.string().nullable(),
  tagColor: z.string().nullable(),
  reminderTime: clock.nullable(),
  completed: z.boolean(),
  completedAt: instant.nullable(),
  completedDate: day.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Its time block's start and minutes (ADR 0031); absent in archives made before blocks. */
  blockStart: clock.nullable().optional(),
  blockMinutes: z.number().int().nullable().optional(),
  /** The minutes of its focus sessions; absent in archives made before the focus timer. */
  focusMinutes: z.number().int().min(0).optional(),
});

export const archivePlanSchema = z.object({
  id: z.string(),
  planDate: day,
  title: z.string(),
  description: z.string(),
  createdAt: instant,
  updatedAt: instant,
  tasks: z.array(archivePlanTaskSchema),
});

/** A day's stored completion record (analytics reads them; they are kept, not derived). */
export const archiveCompletionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  date: day,
  totalTasks: z.number().int().min(0),
  completedTasks: z.number().int().min(0),
  completionPercentage: z.number(),
  tagStats: z.array(tagStatSchema),
  createdAt: instant,
  updatedAt: instant,
});

/** A recorded focus period or stopwatch run (ADR 0032): on one todo or one plan task. */
export const archiveFocusSessionSchema = z.object({
  id: z.string(),
  todoId: z.string().nullable(),
  taskId: z.string().nullable(),
  startedAt: instant,
  endedAt: instant,
  minutes: z.number().int().min(0).max(100_000),
});

/** The other person in a shared plan or a chat: their name only, never their email. */
export const archiveOtherPersonSchema = z.object({ name: z.string() });

export const archiveSharedPlanTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  completed: z.boolean(),
  /** Whether the archive's owner added it (else the other person did). */
  createdByMe: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  /** Null while open. */
  completedByMe: z.boolean().nullable(),
  completedAt: instant.nullable(),
});

export const archiveSharedPlanSchema = z.object({
  id: z.string(),
  shared: z.literal(true),
  /** 'creator' when the owner shared it, 'recipient' when it was shared with them. */
  role: z.enum(['creator', 'recipient']),
  with: archiveOtherPersonSchema,
  title: z.string(),
  description: z.string(),
  date: day,
  status: z.string(),
  createdAt: instant,
  updatedAt: instant,
  tasks: z.array(archiveSharedPlanTaskSchema),
});

export const archiveMessageSchema = z.object({
  id: z.string(),
  /** Whether the archive's owner sent it (else the other person did). */
  fromMe: z.boolean(),
  content: z.string(),
  messageType: z.string(),
  isRead: z.boolean(),
  isEdited: z.boolean(),
  editedAt: instant.nullable(),
  createdAt: instant,
});

export const archiveChatSchema = z.object({
  id: z.string(),
  shared: z.literal(true),
  with: archiveOtherPersonSchema,
  createdAt: instant,
  /** Oldest first. */
  messages: z.array(archiveMessageSchema),
});

/** The whole archive, in the order the export writes it. */
export const archiveSchema = z
  .object({
    format: z.literal(ARCHIVE_FORMAT),
    schemaVersion: z.literal(ARCHIVE_SCHEMA_VERSION),
    exportedAt: instant,
    profile: archiveProfileSchema,
    settings: archiveSettingsSchema,
    tags: z.array(archiveTagSchema),
    /** Absent in archives made before lists. */
    lists: z.array(archiveListSchema).optional(),
    /** Absent in archives made before saved filters. */
    savedFilters: z.array(archiveSavedFilterSchema).optional(),
    /** Absent in archives made before sections. */
    sections: z.array(archiveSectionSchema).optional(),
    todos: z.array(archiveTodoSchema),
    plans: z.array(archivePlanSchema),
    completions: z.array(archiveCompletionSchema),
    sharedPlans: z.array(archiveSharedPlanSchema),
    chats: z.array(archiveChatSchema),
    /** Absent in archives made before days off. */
    daysOff: z.array(archiveDayOffSchema).optional(),
    /** Absent in archives made before the focus timer. */
    focusSessions: z.array(archiveFocusSessionSchema).optional(),
  })
  .meta({ id: 'DataArchive' });

export type Archive = z.infer<typeof archiveSchema>;
export type ArchiveProfile = z.infer<typeof archiveProfileSchema>;
export type ArchiveSettings = z.infer<typeof archiveSettingsSchema>;
export type ArchiveTag = z.infer<typeof archiveTagSchema>;
export type ArchiveList = z.infer<typeof archiveListSchema>;
export type ArchiveSavedFilter = z.infer<typeof archiveSavedFilterSchema>;
export type ArchiveSection = z.infer<typeof archiveSectionSchema>;
export type ArchiveTodo = z.infer<typeof archiveTodoSchema>;
export type ArchivePlan = z.infer<typeof archivePlanSchema>;
export type ArchivePlanTask = z.infer<typeof archivePlanTaskSchema>;
export type ArchiveCompletion = z.infer<typeof archiveCompletionSchema>;
export type ArchiveSharedPlan = z.infer<typeof archiveSharedPlanSchema>;
export type ArchiveSharedPlanTask = z.infer<typeof archiveSharedPlanTaskSchema>;
export type ArchiveChat = z.infer<typeof archiveChatSchema>;
export type ArchiveMessage = z.infer<typeof archiveMessageSchema>;
export type ArchiveFocusSession = z.infer<typeof archiveFocusSessionSchema>;
