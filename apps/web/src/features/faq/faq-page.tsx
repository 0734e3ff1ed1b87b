import { FAQ_SEARCH_DEBOUNCE_MS, MESSAGES } from '@daywise/shared';
import { ChevronDown, Search } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';

import { Button } from '../../components/button';
import { inputClass } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { FAQ_CATEGORIES } from './faq-data';
import { type FaqMatch, searchFaq } from './faq-search';

function FaqEntry({
  item,
  open,
  onToggle,
}: {
  item: FaqMatch;
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = `faq-answer-${item.globalIndex}`;
  return (
    <li className="rounded-xl border border-gray-200 dark:border-gray-800">
      <h3>
        <Button
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          variant="bare"
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-gray-900"
        >
          {item.question}
          <ChevronDown
            aria-hidden
            className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </Button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-4 text-gray-700 dark:text-gray-300">
        {item.answer}
      </div>
    </li>
  );
}

/** A category heading's id: the name in lower case, every run of other characters a hyphen. */
function categoryHeadingId(name: string): string {
  return `faq-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/**
 * FAQ: four categories of four questions; a search over question, answer and
 * category, case-insensitive, debounced 300 ms.
 */
export default function FaqPage() {
  const [term, setTerm] = useState('');
  const [openItems, setOpenItems] = useState<ReadonlySet<number>>(new Set());
  const debouncedTerm = useDebouncedValue(term, FAQ_SEARCH_DEBOUNCE_MS);

  // An emptied box shows everything at once: the debounce saves filtering on every keystroke,
  // and there is nothing to filter (docs/product/public-site.md#faq-faq).
  const trimmed = term.trim() === '' ? '' : debouncedTerm.trim();
  const searching = term.trim() !== trimmed;
  const matches = searchFaq(FAQ_CATEGORIES, trimmed);
  const groups = FAQ_CATEGORIES.map((category) => ({
    name: category.name,
    items: matches.filter((match) => match.category === category.name),
  })).filter((group) => group.items.length > 0);

  const toggle = (index: number) =>
    setOpenItems((current) => {
      const next = new Set(current);
      if (!next.delete(index)) {
        next.add(index);
      }
      return next;
    });

  const browseCategory = (name: string) => {
    // Rendered at once, so that the category's heading is there to take focus, which moves the
    // view to it and tells a screen reader where it is.
    flushSync(() => setTerm(''));
    document.getElementById(categoryHeadingId(name))?.focus();
  };

  let status: string | null = null;
  if (searching) {
    status = MESSAGES.faqSearching;
  } else if (trimmed !== '' && matches.length > 0) {
    status = MESSAGES.faqFound(matches.length, trimmed);
  }

  return (
    <main>
      <PageHeader title="Frequently Asked Questions">
        Quick answers about Daywise, your account, and how everything works.
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12">
        <div role="search">
          <label htmlFor="faq-search" className="sr-only">
            Search questions
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500"
            />
            <input
              id="faq-search"
              type="search"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              placeholder="Search questions..."
              className={`${inputClass} pl-10`}
            />
          </div>
          <p
            role="status"
            aria-live="polite"
            className="mt-3 min-h-6 text-sm text-gray-600 dark:text-gray-300"
          >
            {status}
          </p>
        </div>

        {!searching && groups.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700">
            <h2 className="text-xl font-semibold">{MESSAGES.faqNoResults}</h2>
            <p className="mt-2 text-gray-600 dark:text-gray-300">{MESSAGES.faqNoResultsHint}</p>
            <ul aria-label="Categories" className="mt-6 flex flex-wrap justify-center gap-3">
              {FAQ_CATEGORIES.map((category) => (
                <li key={category.name}>
                  <Button variant="outline" size="sm" onClick={() => browseCategory(category.name)}>
                    {category.name}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          groups.map((group) => (
            <section
              key={group.name}
              aria-labelledby={categoryHeadingId(group.name)}
              className="space-y-4"
            >
              <h2
                id={categoryHeadingId(group.name)}
                tabIndex={-1}
                className="scroll-mt-24 text-2xl font-semibold focus:outline-none"
              >
                {group.name}
              </h2>
              <ul className="space-y-3">
                {group.items.map((item) => (
                  <FaqEntry
                    key={item.globalIndex}
                    item={item}
                    open={openItems.has(item.globalIndex)}
                    onToggle={() => toggle(item.globalIndex)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}

        <section className="rounded-2xl bg-blue-50 px-6 py-8 text-center dark:bg-gray-900">
          <h2 className="text-xl font-semibold">Still have questions?</h2>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            We are happy to help.{' '}
            <Link to="/contact" className="text-blue-700 underline dark:text-blue-300">
              Contact us
            </Link>{' '}
            or{' '}
            <Link to="/feedback" className="text-blue-700 underline dark:text-blue-300">
              send feedback
            </Link>
            .
          </p>
        </section>
      </div>
    </main>
  );
}
