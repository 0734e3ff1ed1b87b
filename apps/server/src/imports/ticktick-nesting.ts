import { MESSAGES, SUBTASK_DEPTH_MAX } from '@daywise/shared';
import type { ImportProblem } from '@daywise/shared/schemas';

import type { ImportItem } from './parsed-import';

/*
 * How a TickTick backup's tasks nest (ADR 0021, 2026-11-28): a checklist's items, and sub-tasks
 * under the task their parentId names, read apart from the rows themselves (ticktick.ts).
 */

/** A checklist item's marker in a TickTick backup: '▪' done, '▫' not. */
const CHECKED = '\u25AA';
const UNCHECKED = '\u25AB';

/**
 * A checklist task's Content: a line starting '▫' is an open item, '▪' a done one; the other
 * lines are its description.
 */
export function checklistOf(content: string): {
  description: string;
  entries: { title: string; done: boolean }[];
} {
  const entries: { title: string; done: boolean }[] = [];
  const rest: string[] = [];
  for (const line of content.split(/\r?\n/)) {
    const text = line.trim();
    if (text.startsWith(CHECKED) || text.startsWith(UNCHECKED)) {
      const title = text.slice(1).trim();
      if (title) {
        entries.push({ title, done: text.startsWith(CHECKED) });
      }
    } else {
      rest.push(line);
    }
  }
  return { description: rest.join('\n'), entries };
}

/** A task as read, with what nests it: its ids in the file and its checklist's items. */
export interface TickTickEntry {
  item: ImportItem;
  taskId: string;
  parentId: string;
  checklist: ImportItem[];
}

/**
 * The tasks' items with their parents (parentId) found, parents before their subtasks and each
 * after the one above it in the file, each task followed by its checklist's items. A sub-task
 * whose parent is not in the file, or whose parents loop, comes in top-level; one deeper than
 * SUBTASK_DEPTH_MAX goes under its deepest ancestor that may have subtasks; a problem line says
 * so. Linear in the number of tasks and without recursion, whatever the file says.
 */
export function nested(entries: readonly TickTickEntry[], problems: ImportProblem[]): ImportItem[] {
  const byId = new Map<string, TickTickEntry>();
  for (const entry of entries) {
    if (entry.taskId && !byId.has(entry.taskId)) {
      byId.set(entry.taskId, entry);
    }
  }
  /** Each entry's depth and the entry it goes under. */
  const placed = new Map<TickTickEntry, { depth: number; under: TickTickEntry | null }>();
  const topLevel = (entry: TickTickEntry, message: string) => {
    placed.set(entry, { depth: 0, under: null });
    problems.push({ row: entry.item.row, message });
  };
  /** The entry's deepest ancestor (itself included) that may have subtasks. */
  const roomUnder = (entry: TickTickEntry): { depth: number; entry: TickTickEntry } => {
    let at = { entry, ...(placed.get(entry) ?? { depth: 0, under: null }) };
    while (at.depth >= SUBTASK_DEPTH_MAX && at.under) {
      const above = placed.get(at.under) ?? { depth: 0, under: null };
      at = { entry: at.under, ...above };
    }
    return { depth: at.depth, entry: at.entry };
  };
  const placeUnder = (entry: TickTickEntry, parent: TickTickEntry) => {
    const room = roomUnder(parent);
    if (room.entry !== parent) {
      problems.push({ row: entry.item.row, message: MESSAGES.importNestedHigher });
    }
    placed.set(entry, { depth: room.depth + 1, under: room.entry });
  };
  for (const entry of entries) {
    const chain: TickTickEntry[] = [];
    const onChain = new Set<TickTickEntry>();
    for (let at: TickTickEntry | undefined = entry; at && !placed.has(at);) {
      if (onChain.has(at)) {
        topLevel(at, MESSAGES.importParentLoop);
        break;
      }
      if (!at.parentId) {
        placed.set(at, { depth: 0, under: null });
        break;
      }
      const parent = byId.get(at.parentId);
      if (!parent) {
        topLevel(at, MESSAGES.importNoParent);
        break;
      }
      chain.push(at);
      onChain.add(at);
      at = parent;
    }
    for (const below of chain.reverse()) {
      const parent = byId.get(below.parentId);
      if (!placed.has(below) && parent) {
        placeUnder(below, parent);
      }
    }
  }
  const ordered: { item: ImportItem; depth: number; index: number }[] = [];
  for (const entry of entries) {
    const { depth, under } = placed.get(entry) ?? { depth: 0, under: null };
    entry.item.parentKey = under?.item.sourceKey ?? null;
    ordered.push({ item: entry.item, depth, index: ordered.length });
    if (entry.checklist.length > 0) {
      const room = roomUnder(entry);
      if (room.entry !== entry) {
        problems.push({ row: entry.item.row, message: MESSAGES.importNestedHigher });
      }
      for (const item of entry.checklist) {
        item.parentKey = room.entry.item.sourceKey;
        ordered.push({ item, depth: room.depth + 1, index: ordered.length });
      }
    }
  }
  // Parents first: by depth, then in the file's order (a stable sort).
  return ordered.sort((a, b) => a.depth - b.depth || a.index - b.index).map(({ item }) => item);
}
