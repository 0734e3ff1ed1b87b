import { type DragEvent, useState } from 'react';

/*
 * The sidebar's rows that the user orders by hand, the lists and the saved filters (ADR 0029,
 * ADR 0028): a row is dragged onto another's place with the browser's own drag events, and the
 * keyboard's way is the row's menu (Move up, Move down: nav-item-menu.tsx). Both move the row
 * through the same write.
 */

/** What the browser needs to drag a row, or nothing for a row that stays where it is. */
export interface RowDragSource {
  draggable?: boolean;
  onDragStart?: (event: DragEvent) => void;
  onDragEnd?: () => void;
}

export interface RowDrag<T> {
  /** Makes a row draggable (unless `enabled` is false). */
  source: (item: T, enabled?: boolean) => RowDragSource;
  /** The row this drag carries, if it carries one of this kind. */
  carried: (event: DragEvent) => T | null;
}

/**
 * Dragging one kind of row, named by its drag data type, so that a list is never dropped among
 * the filters nor a filter among the lists. The row itself waits here for the drop, in this tab
 * only.
 */
export function rowDrag<T extends { id: string }>(type: string): RowDrag<T> {
  let dragged: T | null = null;
  return {
    source: (item, enabled = true) =>
      enabled
        ? {
            draggable: true,
            onDragStart: (event) => {
              dragged = item;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData(type, item.id);
            },
            onDragEnd: () => {
              dragged = null;
            },
          }
        : {},
    carried: (event) =>
      dragged !== null && event.dataTransfer.types.includes(type) ? dragged : null,
  };
}

/**
 * A sidebar row as a drop target: it takes what `accepts` says it does (a row dragged onto its
 * place, a todo dropped into a list) and shows a ring while such a drag is over it.
 */
export function useDropTarget(
  accepts: (event: DragEvent) => boolean,
  drop: (event: DragEvent) => void,
) {
  const [over, setOver] = useState(false);
  return {
    className: over ? 'ring-2 ring-blue-600 ring-inset' : '',
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (accepts(event)) {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(true);
        }
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        if (accepts(event)) {
          event.preventDefault();
          drop(event);
        }
      },
    },
  };
}
