/**
 * The look every dialog shares (Radix Dialog and AlertDialog supply the behaviour: focus trap,
 * Escape, labelling), so the confirmations and forms across features read as one product.
 */
export const dialogOverlayClass = 'fixed inset-0 z-40 bg-black/40';

export const dialogContentClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100';

export const dialogTitleClass = 'flex items-center gap-2 text-lg font-semibold';

export const dialogTextClass = 'mt-2 text-sm break-words text-gray-700 dark:text-gray-300';
