import type { ReactNode } from 'react';

import { PageHeader } from '../../components/page-header';

export interface LegalSectionInfo {
  id: string;
  title: string;
}

export const textLink =
  'rounded font-medium text-blue-700 underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300';

export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-blue-600">{children}</ul>;
}

/** One anchored section (the legal pages' anchor sections are element ids). */
export function LegalSection({
  section,
  children,
}: {
  section: LegalSectionInfo;
  children: ReactNode;
}) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
      <h2 id={`${section.id}-title`} className="text-2xl font-bold tracking-tight">
        {section.title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-gray-700 dark:text-gray-300">
        {children}
      </div>
    </section>
  );
}

interface LegalPageProps {
  title: string;
  lastUpdated: string;
  sections: readonly LegalSectionInfo[];
  intro: ReactNode;
  children: ReactNode;
}

/** The layout of the Privacy Policy and the Terms of Service: a table of contents and sections. */
export function LegalPage({ title, lastUpdated, sections, intro, children }: LegalPageProps) {
  return (
    <main>
      <PageHeader title={title}>Last updated: {lastUpdated}</PageHeader>
      <div className="mx-auto max-w-6xl gap-12 px-4 py-12 lg:grid lg:grid-cols-[15rem_1fr]">
        <nav
          aria-labelledby="toc-title"
          className="mb-10 rounded-2xl border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-24 lg:mb-0 lg:self-start dark:border-gray-800 dark:bg-gray-900"
        >
          <h2
            id="toc-title"
            className="text-sm font-semibold tracking-wide text-gray-900 uppercase dark:text-white"
          >
            On this page
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded text-gray-700 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-300 dark:hover:text-blue-300"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-12">
          <p className="text-lg leading-relaxed text-gray-700 dark:text-gray-300">{intro}</p>
          {children}
        </div>
      </div>
    </main>
  );
}
