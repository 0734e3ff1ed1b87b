import { z } from 'zod';

import { LIMITS, NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema } from './common';

/** The sign-up password rules in the order the form checks them. */
export const PASSWORD_RULES = [
  {
    label: 'At least 8 characters',
    message: MESSAGES.passwordTooShort,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    label: 'One uppercase letter',
    message: MESSAGES.passwordNeedsUppercase,
    test: (p: string) => /[A-Z]/.test(p),
  },
  {
    label: 'One lowercase letter',
    message: MESSAGES.passwordNeedsLowercase,
    test: (p: string) => /[a-z]/.test(p),
  },
  { label: 'One number', message: MESSAGES.passwordNeedsNumber, test: (p: string) => /\d/.test(p) },
] as const;

/** A new password: required, then the first failing rule only (docs/product/accounts.md). */
export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true })
  .superRefine((password, ctx) => {
    const failing = PASSWORD_RULES.find((rule) => !rule.test(password));
    if (failing && password.length > 0) {
      ctx.addIssue({ code: 'custom', message: failing.message });
    }
  });

export const signUpSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.nameRequired })
      .trim()
      .min(1, MESSAGES.nameRequired)
      .min(NAME_MIN_LENGTH, MESSAGES.nameTooShort)
      .max(LIMITS.nameMax, { error: MESSAGES.tooLong('Name', LIMITS.nameMax), abort: true }),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true }),
    acceptTerms: z.literal(true, { error: MESSAGES.acceptTerms }),
  })
  .refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
    // Check the match even when another field is invalid, so every message shows at once.
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true }),
  rememberMe: z.boolean().default(false),
});

export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

/** An emailed link's user id and secret, as the server receives them. */
export const linkTokenSchema = z.object({
  userId: z.string().min(1).max(100),
  secret: z.string().min(1).max(200),
});

/** Reset password: its own, combined rule message. */
export const resetPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true })
  .refine(
    (password) => PASSWORD_RULES.slice(1).every((rule) => rule.test(password)),
    MESSAGES.resetPasswordRules,
  );

export const resetPasswordFormSchema = z
  .object({
    password: resetPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
    when: ({ value }) =>
      typeof (value as { confirmPassword?: unknown }).confirmPassword === 'string' &&
      (value as { confirmPassword: string }).confirmPassword !== '',
  });

export const resetPasswordRequestSchema = linkTokenSchema.extend({ password: resetPasswordSchema });

export const emailOnlySchema = z.object({ email: emailSchema });

export const recoverySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true }),
});
