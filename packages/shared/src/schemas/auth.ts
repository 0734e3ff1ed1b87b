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
    /** The secret of an admin's invitation link (REGISTRATION=invite or closed, ADR 0039). */
    invitation: z.string().trim().min(1).max(200).optional(),
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

/** The password of an existing account: only required, and not absurdly long. */
const currentPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong, abort: true });

export const loginSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
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
  password: currentPasswordSchema,
});

/** The email verification link's body; `isRestore` marks an account restoration link. */
export const verifyEmailRequestSchema = linkTokenSchema.extend({
  isRestore: z.boolean().default(false),
});

/** A pending account, named by the id the sign-up answer gave. */
export const userIdRequestSchema = z.object({ userId: z.string().min(1).max(100) });

// Answers. Instants are ISO 8601 strings.

/** The signed-in user as every account answer gives it (the web app keeps it as the session). */
export const sessionUserSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A new, unverified account and when its verification link expires. */
export const pendingVerificationSchema = z
  .object({ userId: z.string(), email: z.string(), name: z.string(), expiresAt: z.string() })
  .meta({ id: 'PendingVerification' });
export type PendingVerification = z.infer<typeof pendingVerificationSchema>;

export const verificationStatusSchema = z
  .object({
    verified: z.boolean(),
    expired: z.boolean(),
    /** Milliseconds the current link has left; 0 when verified or expired. */
    remainingTime: z.number(),
  })
  .meta({ id: 'VerificationStatus' });
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** An answer that only tells the user what happened. */
export const noticeSchema = z.object({ message: z.string() });

export const verificationResentSchema = z.object({ expiresAt: z.string(), message: z.string() });

/** A verification or restoration link used: whether it also signed the user in. */
export const verifyEmailResultSchema = z.object({
  verified: z.boolean(),
  restored: z.boolean(),
  signedIn: z.boolean(),
  message: z.string().optional(),
  user: sessionUserSchema.optional(),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

export const resetLinkCheckSchema = z.object({ valid: z.boolean(), message: z.string() });

export const restoreRequestedSchema = z.object({
  status: z.literal('email-sent'),
  message: z.string(),
});

/** Verification recovery: a fresh link was sent, or the verified account was signed in. */
export const recoveryResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('verification-sent'),
    message: z.string(),
    user: sessionUserSchema,
  }),
  z.object({ status: z.literal('signed-in'), user: sessionUserSchema }),
]);
export type RecoveryResult = z.infer<typeof recoveryResultSchema>;

export const TOKEN_CHECKS = ['valid', 'expired', 'invalid'] as const;
export type TokenCheck = (typeof TOKEN_CHECKS)[number];

/** What a verification link itself proves (the debug screen). */
export const debugVerificationSchema = z.object({
  userExists: z.boolean(),
  alreadyVerified: z.boolean(),
  token: z.enum(TOKEN_CHECKS),
});
export type DebugVerification = z.infer<typeof debugVerificationSchema>;

export const signedInSchema = z.object({ user: sessionUserSchema });

/**
 * The auth state the web app starts from; `reason` is set when the server ended a session whose
 * account was deleted or has vanished.
 */
export const sessionStateSchema = z
  .object({
    user: sessionUserSchema.nullable(),
    reason: z.enum(['deleted', 'not-found']).optional(),
    /** True when the user is the instance's admin (ADR 0039): the page shows the Admin link. */
    admin: z.boolean().optional(),
  })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof sessionStateSchema>;

/** One of the account's live sessions. */
export const activeSessionSchema = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
    lastActiveAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * How this instance signs people in (ADR 0038): the single sign-on button's label when one is
 * configured, and whether the password forms are for administrators only.
 */
export const signInOptionsSchema = z.object({
  sso: z.object({ label: z.string() }).nullable(),
  passwordForAdminsOnly: z.boolean(),
});
export type SignInOptions = z.output<typeof signInOptionsSchema>;

/** The account a single sign-on wants to connect to, which its password must prove. */
export const pendingSsoLinkSchema = z.object({ email: z.string() });

export const ssoLinkSchema = z.object({ password: currentPasswordSchema });
export type SsoLinkInput = z.input<typeof ssoLinkSchema>;
