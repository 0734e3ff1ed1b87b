export interface FaqCategory {
  name: string;
  questions: readonly { question: string; answer: string }[];
}

export interface FaqMatch {
  category: string;
  /** category index × 100 + question index (docs/product/public-site.md). */
  globalIndex: number;
  question: string;
  answer: string;
}

/** Every FAQ item whose question, answer or category contains `term`, ignoring case. */
export function searchFaq(categories: readonly FaqCategory[], term: string): FaqMatch[] {
  const needle = term.trim().toLowerCase();
  return categories.flatMap((category, categoryIndex) =>
    category.questions
      .map((item, questionIndex) => ({
        category: category.name,
        globalIndex: categoryIndex * 100 + questionIndex,
        ...item,
      }))
      .filter(
        (item) =>
          needle === '' ||
          [item.question, item.answer, item.category].some((text) =>
            text.toLowerCase().includes(needle),
          ),
      ),
  );
}
