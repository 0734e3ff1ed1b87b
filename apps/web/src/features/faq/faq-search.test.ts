import { describe, expect, it } from 'vitest';

import { FAQ_CATEGORIES } from './faq-data';
import { searchFaq } from './faq-search';

const categories = [
  {
    name: 'General Questions',
    questions: [
      { question: 'What is Daywise?', answer: 'A planner.' },
      { question: 'Is it free?', answer: 'Yes, the core app is free.' },
    ],
  },
  {
    name: 'Technical Support',
    questions: [{ question: 'Which browsers?', answer: 'Recent Chrome, Firefox and Safari.' }],
  },
];

describe('searchFaq', () => {
  it('returns everything, with global indexes category × 100 + question, for an empty term', () => {
    expect(searchFaq(categories, '  ').map((match) => match.globalIndex)).toEqual([0, 1, 100]);
  });

  it('matches the question, ignoring case', () => {
    expect(searchFaq(categories, 'DAYWISE').map((match) => match.question)).toEqual([
      'What is Daywise?',
    ]);
  });

  it('matches the answer', () => {
    expect(searchFaq(categories, 'firefox').map((match) => match.globalIndex)).toEqual([100]);
  });

  it('matches the category name, returning all its questions', () => {
    expect(searchFaq(categories, 'general').map((match) => match.globalIndex)).toEqual([0, 1]);
  });

  it('finds nothing for an unrelated term', () => {
    expect(searchFaq(categories, 'zebra')).toEqual([]);
  });

  it('covers the real FAQ: four categories of four questions', () => {
    expect(FAQ_CATEGORIES.map((category) => category.name)).toEqual([
      'General Questions',
      'Account & Billing',
      'Features & Functionality',
      'Technical Support',
    ]);
    expect(searchFaq(FAQ_CATEGORIES, '')).toHaveLength(16);
  });
});
