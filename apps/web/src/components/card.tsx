import type { FormHTMLAttributes, HTMLAttributes, ReactNode, Ref } from 'react';

const SURFACE = 'border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900';

const RADII = { xl: 'rounded-xl', '2xl': 'rounded-2xl' } as const;

/** The class string of a card's surface, for elements that must render as something else. */
export function cardClass(radius: keyof typeof RADII = '2xl'): string {
  return `${RADII[radius]} ${SURFACE}`;
}

type CardElement = 'div' | 'section' | 'article' | 'li' | 'aside' | 'nav' | 'form';

export type CardProps = HTMLAttributes<HTMLElement> &
  Pick<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> & {
    /** The element it renders (a `section` with a heading, an `li` in a list); `div` by default. */
    as?: CardElement;
    /** `2xl` for page sections, `xl` for rows and small tiles. */
    radius?: keyof typeof RADII;
    ref?: Ref<HTMLElement>;
    children?: ReactNode;
  };

/**
 * The bordered white (dark: gray-900) surface the signed-in pages group content on. Padding and
 * layout come from `className`, the surface from here.
 */
export function Card({ as: Element = 'div', radius = '2xl', className, ref, ...props }: CardProps) {
  const classes = `${cardClass(radius)}${className ? ` ${className}` : ''}`;
  // Each element's ref type differs; they all are HTMLElements.
  return <Element ref={ref as Ref<never>} className={classes} {...props} />;
}
