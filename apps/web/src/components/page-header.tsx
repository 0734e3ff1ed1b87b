import type { ReactNode } from 'react';

/** The heading band every public page opens with. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white px-4 py-16 text-center dark:from-gray-900 dark:to-gray-950">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      {children && (
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600 dark:text-gray-300">
          {children}
        </p>
      )}
    </section>
  );
}
