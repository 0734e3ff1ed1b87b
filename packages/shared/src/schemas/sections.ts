import { z } from 'zod';

/** How long a section's name may be, as a list's. */
export const SECTION_LIMITS = { nameMax: 100 } as const;

const sectionName = z
  .string({ error: 'Section name is required' })
  .trim()
  .min(1, 'Section name is required')
  .max(SECTION_LIMITS.nameMax, `Section name must be at most ${SECTION_LIMITS.nameMax} characters`);

/**
 * A new section (issue 32, ADR 0027): a named group of todos within one of the user's lists, or
 * within the Inbox (`listId` null), placed last among that list's sections.
 */
export const sectionCreateSchema = z.object({
  listId: z.string().min(1).max(100).nullable(),
  name: sectionName,
});
export type SectionCreate = z.input<typeof sectionCreateSchema>;

/**
 * A change to a section: rename it, or move it to `position` among its list's sections (0 first;
 * the others shift to make room, and a position past the end puts it last).
 */
export const sectionUpdateSchema = z
  .object({ name: sectionName, position: z.number().int().min(0).max(10_000) })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type SectionUpdate = z.infer<typeof sectionUpdateSchema>;

/** A section as the API answers it. */
export const sectionSchema = z
  .object({
    id: z.string(),
    /** The list it is in, or null for the Inbox. */
    listId: z.string().nullable(),
    name: z.string(),
    /** Its place among its list's sections, from 0, without gaps. */
    position: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Section' });
export type Section = z.infer<typeof sectionSchema>;

/** Every section of the user's: the Inbox's first, then each list's in the lists' order. */
export const sectionsAnswerSchema = z.object({ sections: z.array(sectionSchema) });
export type SectionsAnswer = z.infer<typeof sectionsAnswerSchema>;
