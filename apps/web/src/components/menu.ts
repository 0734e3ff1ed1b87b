/** The look of a dropdown menu (Radix DropdownMenu supplies the keys and focus). */
export const menuContentClass =
  'z-50 max-h-80 min-w-48 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900';

export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-disabled:cursor-default data-disabled:opacity-60 data-highlighted:bg-blue-50 data-highlighted:text-blue-800 dark:data-highlighted:bg-blue-950 dark:data-highlighted:text-blue-100';
