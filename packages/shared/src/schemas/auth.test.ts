import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { MESSAGES } from '../messages';
import { loginSchema, newPasswordSchema, PASSWORD_RULES, signUpSchema } from './auth';

function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const found: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      found[issue.path.join('.')] ??= issue.message;
    }
  }
  return found;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Sunrise2026',
  confirmPassword: 'Sunrise2026',
  acceptTerms: true,
};

describe('newPasswordSchema: the first failing rule shows', () => {
  it.each([
    ['', MESSAGES.passwordRequired],
    ['Ab1', MESSAGES.passwordTooShort],
    ['sunrise2026', MESSAGES.passwordNeedsUppercase],
    ['SUNRISE2026', MESSAGES.passwordNeedsLowercase],
    ['SunriseDay', MESSAGES.passwordNeedsNumber],
    ['s', MESSAGES.passwordTooShort],
  ])('%j gives %j', (password, message) => {
    expect(messages(newPasswordSchema, password)).toEqual({ '': message });
  });

  it('accepts a password that meets every rule', () => {
    expect(newPasswordSchema.safeParse('Sunrise2026').success).toBe(true);
    expect(PASSWORD_RULES.every((rule) => rule.test('Sunrise2026'))).toBe(true);
  });
});

describe('signUpSchema', () => {
  it('accepts a complete form and trims the name', () => {
    expect(signUpSchema.parse({ ...valid, name: '  Ada  ' }).name).toBe('Ada');
  });

  it('gives every field its spec message at once', () => {
    expect(
      messages(signUpSchema, {
        name: ' ',
        email: '',
        password: '',
        confirmPassword: '',
        acceptTerms: false,
      }),
    ).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
      confirmPassword: MESSAGES.confirmPasswordRequired,
      acceptTerms: MESSAGES.acceptTerms,
    });
  });

  it('needs a name of two characters and matching passwords', () => {
    expect(
      messages(signUpSchema, { ...valid, name: ' A ', confirmPassword: 'Sunrise2027' }),
    ).toEqual({
      name: MESSAGES.nameTooShort,
      confirmPassword: MESSAGES.passwordsDoNotMatch,
    });
  });

  it('ignores fields it does not know, such as emailVerified', () => {
    expect(signUpSchema.parse({ ...valid, emailVerified: true })).not.toHaveProperty(
      'emailVerified',
    );
  });
});

describe('loginSchema', () => {
  it('requires both fields and defaults remember me to off', () => {
    expect(messages(loginSchema, { email: '', password: '' })).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
    });
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x' }).rememberMe).toBe(false);
  });
});
