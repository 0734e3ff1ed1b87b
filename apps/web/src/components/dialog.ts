/**
 * The look every dialog shares (Radix Dialog and AlertDialog supply the behaviour: focus trap,
 * Escape, labelling), so the confirmations and forms across features read as one product.
 */
export const dialogOverlayClass = 'fixed inset-0 z-40 bg-black/40';

/**
 * Centred by `inset-0` and `m-auto`, not by a transform: inside a transformed box `fixed` would
 * mean the box, and a dialog's toasts (components/toaster.tsx) belong where the page's are.
 */
export const dialogContentClass =
  'fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-6 text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100';

export const dialogTitleClass = 'flex items-center gap-2 text-lg font-semibold';

export const dialogTextClass = 'mt-2 text-sm break-words text-gray-700 dark:text-gray-300';
