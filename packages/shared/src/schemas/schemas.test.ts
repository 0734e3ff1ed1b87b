import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { FEEDBACK_CATEGORIES, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema } from './common';
import { contactSchema } from './contact';
import { feedbackSchema } from './feedback';

/** The message of the first issue at `path`, or undefined when that field is valid. */
function messageAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) {
    return undefined;
  }
  return result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const validContact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Hello',
  message: 'I like Daywise.',
};

const validFeedback = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  rating: 4,
  category: 'Feature Request',
  feedback: 'Please add a calendar view.',
};

describe('emailSchema', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', '  padded@example.com  '])(
    'accepts %s',
    (email) => {
      expect(emailSchema.safeParse(email).success).toBe(true);
    },
  );

  it('trims the address', () => {
    expect(emailSchema.parse('  padded@example.com ')).toBe('padded@example.com');
  });

  it.each(['plainaddress', 'no@dot', 'two words@example.com', '@example.com', 'a@b.'])(
    'rejects %s with the spec message',
    (email) => {
      expect(messageAt(emailSchema, email, '')).toBe(MESSAGES.emailInvalid);
    },
  );

  it.each(['', '   ', undefined])('requires a value (%j)', (email) => {
    expect(messageAt(emailSchema, email, '')).toBe(MESSAGES.emailRequired);
  });

  it('caps the length', () => {
    const long = `${'a'.repeat(LIMITS.emailMax)}@example.com`;
    expect(messageAt(emailSchema, long, '')).toBe(MESSAGES.tooLong('Email', LIMITS.emailMax));
  });
});

describe('contactSchema', () => {
  it('accepts a complete message and trims every field', () => {
    const parsed = contactSchema.parse({ ...validContact, name: '  Ada  ', subject: ' Hi ' });
    expect(parsed).toEqual({ ...validContact, name: 'Ada', subject: 'Hi' });
  });

  it.each([
    ['name', MESSAGES.nameRequired],
    ['email', MESSAGES.emailRequired],
    ['subject', MESSAGES.subjectRequired],
    ['message', MESSAGES.messageRequired],
  ])('requires %s', (field, message) => {
    expect(messageAt(contactSchema, { ...validContact, [field]: '  ' }, field)).toBe(message);
    const { [field as keyof typeof validContact]: _omitted, ...rest } = validContact;
    expect(messageAt(contactSchema, rest, field)).toBe(message);
  });

  it('rejects a malformed email', () => {
    expect(messageAt(contactSchema, { ...validContact, email: 'nope' }, 'email')).toBe(
      MESSAGES.emailInvalid,
    );
  });

  it('caps the message length', () => {
    const message = 'x'.repeat(LIMITS.messageMax + 1);
    expect(messageAt(contactSchema, { ...validContact, message }, 'message')).toBe(
      MESSAGES.tooLong('Message', LIMITS.messageMax),
    );
  });
});

describe('feedbackSchema', () => {
  it('accepts every category', () => {
    for (const category of FEEDBACK_CATEGORIES) {
      expect(feedbackSchema.safeParse({ ...validFeedback, category }).success).toBe(true);
    }
  });

  it('treats a missing rating as not rated (0)', () => {
    const { rating: _rating, ...unrated } = validFeedback;
    expect(feedbackSchema.parse(unrated).rating).toBe(0);
  });

  it.each([6, -1, 2.5, '4'])('rejects the rating %j', (rating) => {
    expect(messageAt(feedbackSchema, { ...validFeedback, rating }, 'rating')).toBe(
      MESSAGES.ratingInvalid,
    );
  });

  it.each(['', 'Complaint', undefined])('requires one of the six categories (%j)', (category) => {
    expect(messageAt(feedbackSchema, { ...validFeedback, category }, 'category')).toBe(
      MESSAGES.categoryRequired,
    );
  });

  it.each([
    ['name', MESSAGES.nameRequired],
    ['email', MESSAGES.emailRequired],
    ['feedback', MESSAGES.feedbackRequired],
  ])('requires %s', (field, message) => {
    expect(messageAt(feedbackSchema, { ...validFeedback, [field]: '' }, field)).toBe(message);
  });
});
