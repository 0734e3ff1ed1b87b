import { fireEvent } from '@testing-library/react';

/** What the browser's drag carries, as far as the app reads it (its types and data). */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'none',
    dropEffect: 'none',
  };
}

/** Drags `from` over `to` and drops it there, as the browser's drag events do. */
export function dragOnto(from: HTMLElement, to: HTMLElement): void {
  const transfer = dataTransfer();
  fireEvent.dragStart(from, { dataTransfer: transfer });
  fireEvent.dragOver(to, { dataTransfer: transfer });
  fireEvent.drop(to, { dataTransfer: transfer });
  fireEvent.dragEnd(from, { dataTransfer: transfer });
}
