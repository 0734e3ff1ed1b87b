import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * The product's buttons, one place for their look: every clickable control that is a button
 * renders through `Button` or `IconButton` (the lint rule in eslint.config.js keeps inline
 * class strings off raw `<button>`s in features).
 */
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const SIZES = {
  /** Compact tool rows. */
  xs: 'px-3 py-2 text-sm',
  /** Dialogs, toolbars and in-card actions. */
  sm: 'px-4 py-2 text-sm',
  /** Forms and page-level actions. */
  md: 'px-5 py-2.5',
  /** Marketing calls to action. */
  lg: 'px-6 py-3 text-base',
} as const;

const VARIANTS = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700 focus-visible:outline-blue-600',
  secondary:
    'border border-gray-300 hover:bg-gray-100 focus-visible:outline-blue-600 dark:border-gray-700 dark:hover:bg-gray-800',
  /** Blue outline: the second choice next to a primary button. */
  outline:
    'border border-blue-600 text-blue-700 hover:bg-blue-50 focus-visible:outline-blue-600 dark:border-blue-400 dark:text-blue-300 dark:hover:bg-blue-950',
  /** White on any background (the marketing pages' second call to action). */
  surface:
    'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 focus-visible:outline-blue-600 dark:border-gray-700 dark:bg-gray-900 dark:text-white dark:hover:bg-gray-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  warning: 'bg-amber-700 text-white hover:bg-amber-800 focus-visible:outline-amber-700',
  success: 'bg-green-700 text-white hover:bg-green-800 focus-visible:outline-green-700',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The class string of a button of this look, for elements that must render as something else. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BASE} ${SIZES[size]} ${VARIANTS[variant]}`;
}

/** A text link that is a button (it acts on the page rather than going somewhere). */
export const linkButtonClass =
  'text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300';

type NativeButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };

export type ButtonProps = NativeButtonProps & {
  /**
   * The look; `bare` renders no look of its own (a control with a one-off shape: a tab, a
   * swatch, an accordion header) and takes it all from `className`.
   */
  variant?: ButtonVariant | 'link' | 'bare';
  size?: ButtonSize;
};

function classFor(variant: ButtonProps['variant'], size: ButtonSize, className?: string) {
  const look =
    variant === 'bare' ? '' : variant === 'link' ? linkButtonClass : buttonClass(variant, size);
  return [look, className].filter(Boolean).join(' ') || undefined;
}

/** A button: `type="button"` unless told otherwise, every native prop and the ref forwarded. */
export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  className,
  ...props
}: ButtonProps) {
  // eslint-disable-next-line no-restricted-syntax -- the primitive itself
  return <button type={type} className={classFor(variant, size, className)} {...props} />;
}

const ICON_TONES = {
  neutral:
    'inline-flex shrink-0 items-center justify-center rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
  danger:
    'inline-flex shrink-0 items-center justify-center rounded-lg p-2 text-gray-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-gray-300 dark:hover:bg-red-950 dark:hover:text-red-300',
  /** A row's edit action (todos, tags). */
  row: 'rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-300 dark:hover:bg-gray-800',
  /** A row's delete action. */
  rowDanger:
    'rounded-lg p-2 text-gray-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-gray-300 dark:hover:bg-red-950',
  /** The page chrome's controls (menu, theme): 44 px at least, a finger's size on a phone. */
  chrome:
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-200 dark:hover:bg-gray-800',
} as const;

export type IconButtonProps = Omit<NativeButtonProps, 'aria-label' | 'children'> & {
  /** What the button does, for screen readers and as its tooltip-free name ('Delete todo'). */
  label: string;
  /** The icon; it is hidden from screen readers, the label names the button. */
  children: ReactNode;
  tone?: keyof typeof ICON_TONES | 'bare';
};

/** A button showing only an icon: it cannot be written without its accessible name. */
export function IconButton({
  label,
  tone = 'neutral',
  type = 'button',
  className,
  ...props
}: IconButtonProps) {
  const look = tone === 'bare' ? '' : ICON_TONES[tone];
  return (
    // eslint-disable-next-line no-restricted-syntax -- the primitive itself
    <button
      type={type}
      aria-label={label}
      className={[look, className].filter(Boolean).join(' ') || undefined}
      {...props}
    />
  );
}
