import type { Todo } from '@daywise/shared/schemas';
import type { DragEvent } from 'react';

/**
 * A todo row dragged onto a list in the sidebar (issue 32): the row says what it carries in the
 * drag's data type, and the todo itself waits here for the drop, in this tab only.
 */
export const TODO_DRAG_TYPE = 'application/x-daywise-todo';

let dragged: Todo | null = null;
/** The calendar's day the todo was dragged from: its due date, or a projected occurrence's. */
let draggedFrom: string | null = null;

export function startTodoDrag(event: DragEvent, todo: Todo, from?: string): void {
  dragged = todo;
  draggedFrom = from ?? todo.dueDate;
  event.dataTransfer.effectAllowed = 'move';
  event.dataTransfer.setData(TODO_DRAG_TYPE, todo.id);
  event.dataTransfer.setData('text/plain', todo.title);
}

export function endTodoDrag(): void {
  dragged = null;
  draggedFrom = null;
}

/** Whether a drag over a drop target carries a todo. */
export const carriesTodo = (event: DragEvent) =>
  dragged !== null && event.dataTransfer.types.includes(TODO_DRAG_TYPE);

/** The todo being dropped, if this drag carries one. */
export const droppedTodo = (event: DragEvent): Todo | null => (carriesTodo(event) ? dragged : null);

/** The day the dropped todo was dragged from (ADR 0031): a repeating one's occurrence. */
export const droppedFrom = (event: DragEvent): string | null =>
  carriesTodo(event) ? draggedFrom : null;
