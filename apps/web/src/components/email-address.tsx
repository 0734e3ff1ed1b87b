import { Fragment } from 'react';

/** The address cut after each '@' and '.', where it may break: 'ada@x.io' → ['ada@', 'x.', 'io']. */
export function emailSegments(email: string): string[] {
  return email.match(/[^@.]*[@.]|[^@.]+$/g) ?? [email];
}

/**
 * An email address that never breaks mid-word (docs/product/social.md, "Email addresses"). On
 * one line (lists, the sidebar) a long address ends in an ellipsis; with `wrap` it breaks only
 * after '@' or '.', and a part still too long for the line ends in an ellipsis. Either way the
 * full address is its text for screen readers and its title on hover.
 */
export function EmailAddress({
  email,
  wrap = false,
  className = '',
}: {
  email: string;
  wrap?: boolean;
  className?: string;
}) {
  if (!wrap) {
    return (
      <span title={email} className={`block truncate ${className}`}>
        {email}
      </span>
    );
  }
  return (
    <span title={email} className={`block break-normal ${className}`}>
      {emailSegments(email).map((segment, index) => (
        <Fragment key={`${index}:${segment}`}>
          {index > 0 && <wbr />}
          <span className="inline-block max-w-full truncate align-bottom">{segment}</span>
        </Fragment>
      ))}
    </span>
  );
}
