import { z } from 'zod';

import { PRIORITIES } from '../constants';

/** Where an import comes from, as detected from the file. */
export const IMPORT_FORMATS = ['daywise', 'todoist', 'ticktick'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  daywise: 'Daywise JSON archive',
  todoist: 'Todoist CSV export',
  ticktick: 'TickTick CSV backup',
};

/** A row of the file that will not be imported, or was imported with a change, and why. */
export const importProblemSchema = z
  .object({ row: z.number().int(), message: z.string() })
  .meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** One todo as it will be imported (the preview shows the first ones). */
export const importItemPreviewSchema = z.object({
  row: z.number().int(),
  title: z.string(),
  priority: z.enum(PRIORITIES),
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  tags: z.array(z.string()),
  /** How it repeats, in words ('Every day'), or null. */
  repeat: z.string().nullable(),
});
export type ImportItemPreview = z.infer<typeof importItemPreviewSchema>;

/** What an import of the file would do; nothing is written to make it. */
export const importPreviewSchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    fileName: z.string(),
    /** The todos the file holds. */
    total: z.number().int(),
    /** Of those, how many an earlier import of this file already brought in. */
    alreadyImported: z.number().int(),
    /** How many would be new. */
    toCreate: z.number().int(),
    /** New todos left out because the todo quota would be exceeded. */
    overQuota: z.number().int(),
    completed: z.number().int(),
    withDueDate: z.number().int(),
    repeating: z.number().int(),
    /** What maps to what: "Project 'Work'" -> "tag 'Work'", "Todoist p1" -> "High priority". */
    mappings: z.array(z.object({ from: z.string(), to: z.string() })),
    /** Tags to be created (the others exist already). */
    newTags: z.array(z.string()),
    /** Lists to be created for a Todoist project or a TickTick list (the others exist already). */
    newLists: z.array(z.string()),
    /** How many sections would be created (Todoist's sections the list has not). */
    newSections: z.number().int(),
    /** Of the todos to import, how many would be subtasks of another. */
    subtasks: z.number().int(),
    /** Rows skipped, and changes made to rows, with why. */
    problems: z.array(importProblemSchema),
    /** The first todos as they will be imported. */
    sample: z.array(importItemPreviewSchema),
    /**
     * What else a Daywise archive brings back besides todos and tags, one line each ('Your
     * settings', '12 daily plans with 40 tasks'), and what it leaves in the file; empty for
     * other formats.
     */
    restores: z.array(z.string()),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

/** A confirmed import: its progress while it runs, then its result. */
export const importStatusSchema = z
  .object({
    id: z.string(),
    format: z.enum(IMPORT_FORMATS),
    fileName: z.string(),
    status: z.enum(IMPORT_STATUSES),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    alreadyImported: z.number().int(),
    tagsCreated: z.number().int(),
    /**
     * What else was restored from a Daywise archive, or created for a Todoist or TickTick file
     * ('1 list created'), one line each.
     */
    restored: z.array(z.string()),
    problems: z.array(importProblemSchema),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Import' });
export type ImportStatus = z.infer<typeof importStatusSchema>;
