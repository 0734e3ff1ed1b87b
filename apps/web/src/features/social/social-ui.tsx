import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

import { Avatar } from '../../components/avatar';
import { EmailAddress } from '../../components/email-address';

export const emptyClass =
  'rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300';

/** A person's picture, or their initials; the name always shows beside it. */
export function PersonAvatar({
  person,
}: {
  person: { name: string; profilePictureUrl: string | null };
}) {
  return <Avatar name={person.name} src={person.profilePictureUrl} size={36} decorative />;
}

/** Name over email, truncated on narrow screens (the full address in its title). */
export function PersonLabel({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-medium">{name}</p>
      <EmailAddress email={email} className="text-sm text-gray-600 dark:text-gray-300" />
    </div>
  );
}

/** A count in a pill; `label` is what a screen reader hears after the number. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
      {count} <span className="sr-only">{label}</span>
    </span>
  );
}

export function Spinner({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      {children}
    </p>
  );
}
