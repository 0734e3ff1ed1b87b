import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A tile's icon, title and text (a feature, a value); the tile around it is the caller's. */
export function IconTileBody({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <>
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <Icon aria-hidden className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{description}</p>
    </>
  );
}

/** Big numbers on the blue band, each over its label. */
export function StatsList({
  stats,
  className,
  valueClassName = '',
}: {
  stats: readonly { label: string; value: string }[];
  className: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse gap-1">
          <dt className="text-sm font-medium text-blue-100 sm:text-base">{stat.label}</dt>
          <dd className={`text-4xl font-bold tracking-tight text-white ${valueClassName}`.trim()}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A page's closing call to action: a grey panel with a heading, text and what follows. */
export function CtaPanel({
  id,
  title,
  text,
  className,
  children,
}: {
  id: string;
  title: string;
  text: ReactNode;
  /** The section's spacing. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mx-auto max-w-4xl rounded-2xl border border-gray-200 bg-gray-50 px-6 py-12 text-center sm:px-12 dark:border-gray-800 dark:bg-gray-900">
        <h2 id={id} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700 dark:text-gray-300">{text}</p>
        {children}
      </div>
    </section>
  );
}
