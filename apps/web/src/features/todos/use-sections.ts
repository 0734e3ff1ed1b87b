import { sectionsApi } from '@daywise/shared/api';
import type { Section, SectionsAnswer, TodoPage } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { useRealtimeEvent } from '../../lib/realtime';
import { notify, undoAction } from '../../lib/toast';

type ListData = InfiniteData<TodoPage, string | null>;

/**
 * Every section of the user's, the Inbox's first. Here rather than in api.ts, which the
 * dashboard's first load carries: only the pages that show sections load their contract.
 */
export const sectionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.sections.all,
    queryFn: ({ signal }) => callApi(sectionsApi.list, {}, { signal }),
  });

/** A list's sections by position; `listId` null is the Inbox's. */
export function sectionsOf(answer: SectionsAnswer | undefined, listId: string | null): Section[] {
  return (answer?.sections ?? [])
    .filter((section) => section.listId === listId)
    .sort((a, b) => a.position - b.position);
}

/**
 * The sections of one list (or the Inbox's, null), kept live: another tab's or device's section
 * change (`sections.changed`) reads them again; todo changes do through the todos' root.
 */
export function useSections(listId: string | null, enabled = true) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'sections.changed') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sections.all });
    }
  });
  const select = useCallback((answer: SectionsAnswer) => sectionsOf(answer, listId), [listId]);
  return useQuery({ ...sectionsQuery(), select, enabled });
}

/** Refusals whose own words the user reads: the quota, a name too long, a section gone. */
const SAID = ['QUOTA_EXCEEDED', 'VALIDATION_FAILED', 'NOT_FOUND'] as const;

/** A new section, last in its list; the field keeps what was typed until the server has it. */
export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (section: { listId: string | null; name: string }) =>
      callApi(sectionsApi.create, { body: section }, { action: section }),
    meta: {
      succeeded: SECTION_MESSAGES.sectionCreated,
      failed: SECTION_MESSAGES.sectionCreateFailed,
      serverMessageFor: SAID,
    },
    onSuccess: (created) => {
      queryClient.setQueryData<SectionsAnswer>(
        queryKeys.sections.all,
        (answer) => answer && { sections: [...answer.sections, created] },
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.sections.all });
    },
  });
}

/** The answer with a section renamed or moved, its list's positions renumbered as the server does. */
export function applySectionUpdate(
  answer: SectionsAnswer,
  id: string,
  update: { name?: string; position?: number },
): SectionsAnswer {
  const current = answer.sections.find((section) => section.id === id);
  if (!current) {
    return answer;
  }
  const changed = { ...current, ...(update.name === undefined ? {} : { name: update.name }) };
  const siblings = sectionsOf(answer, current.listId).filter((section) => section.id !== id);
  siblings.splice(Math.min(update.position ?? current.position, siblings.length), 0, changed);
  const placed = new Map(
    siblings.map((section, position) => [section.id, { ...section, position }]),
  );
  return { sections: answer.sections.map((section) => placed.get(section.id) ?? section) };
}

interface SectionChange {
  section: Section;
  update: { name?: string; position?: number };
}

/**
 * Renaming and moving a section: the heading changes at once and goes back if the server refuses
 * ('Failed to update section'); a move offers Undo, which moves it back the same way.
 */
export function useUpdateSection() {
  const change = useOptimisticMutation({
    mutationFn: ({ section, update }: SectionChange) =>
      callApi(sectionsApi.update, { params: { id: section.id }, body: update }),
    touches: () => [queryKeys.sections.all],
    apply: (queryClient, { section, update }) =>
      queryClient.setQueryData<SectionsAnswer>(
        queryKeys.sections.all,
        (answer) => answer && applySectionUpdate(answer, section.id, update),
      ),
    meta: { failed: SECTION_MESSAGES.sectionUpdateFailed, serverMessageFor: SAID },
    onSuccess: (_queryClient, _saved, { section, update }) => {
      if (update.position === undefined) {
        notify.success(SECTION_MESSAGES.sectionRenamed);
        return;
      }
      notify.success(SECTION_MESSAGES.sectionMoved, {
        id: `section-moved:${section.id}`,
        action: undoAction(() =>
          change.mutate({
            section: { ...section, position: update.position ?? section.position },
            update: { position: section.position },
          }),
        ),
      });
    },
    refresh: () => [queryKeys.sections.all],
  });
  return change;
}

/** The cached lists with a deleted section's todos in no section, as the server leaves them. */
function releaseTodos(queryClient: QueryClient, sectionId: string): void {
  queryClient.setQueriesData<ListData>({ queryKey: queryKeys.todos.lists }, (data) =>
    data?.pages.some((page) => page.items.some((todo) => todo.sectionId === sectionId))
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((todo) =>
              todo.sectionId === sectionId
                ? { ...todo, sectionId: null, order: todo.order + Number.MAX_SAFE_INTEGER / 2 }
                : todo,
            ),
          })),
        }
      : data,
  );
}

/**
 * Deleting a section (after the dialog asked): its heading goes at once and its todos join those
 * in no section, last, as the server keeps them (ADR 0027); a refusal puts both back.
 */
export function useDeleteSection() {
  return useOptimisticMutation({
    mutationFn: (section: Section) => callApi(sectionsApi.remove, { params: { id: section.id } }),
    touches: () => [queryKeys.sections.all, queryKeys.todos.lists],
    apply: (queryClient, section) => {
      queryClient.setQueryData<SectionsAnswer>(
        queryKeys.sections.all,
        (answer) =>
          answer && {
            sections: answer.sections
              .filter((other) => other.id !== section.id)
              .map((other) =>
                other.listId === section.listId && other.position > section.position
                  ? { ...other, position: other.position - 1 }
                  : other,
              ),
          },
      );
      releaseTodos(queryClient, section.id);
    },
    meta: {
      succeeded: SECTION_MESSAGES.sectionDeleted,
      failed: SECTION_MESSAGES.sectionDeleteFailed,
      serverMessageFor: ['NOT_FOUND'],
    },
    refresh: () => [queryKeys.sections.all, queryKeys.todos.all],
  });
}
