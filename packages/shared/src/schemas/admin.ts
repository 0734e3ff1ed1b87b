import { z } from 'zod';

import { emailSchema } from './common';

/**
 * Who may join, and the admin (issue 35, ADR 0039): the admin page's users, invitations, audit
 * log and instance status, and the sign-up page's view of REGISTRATION.
 */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type Registration = (typeof REGISTRATION_MODES)[number];

/** Users on one page of the admin list. */
export const ADMIN_PAGE_SIZE = 50;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const registrationSchema = z
  .object({ registration: z.enum(REGISTRATION_MODES) })
  .meta({ id: 'Registration' });

export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    joinedAt: z.string(),
    /** The newest session's last use; null when the account has no session. */
    lastActiveAt: z.string().nullable(),
    todoCount: z.number().int(),
    /** Bytes the account stores: its profile picture and its todos' text. */
    storageBytes: z.number().int(),
    verified: z.boolean(),
    disabled: z.boolean(),
    admin: z.boolean(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z
  .object({
    users: z.array(adminUserSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminUserPage' });

export const invitationCreateSchema = z.object({ email: emailSchema });

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z
  .object({ invitations: z.array(invitationSchema) })
  .meta({ id: 'InvitationList' });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    adminEmail: z.string(),
    action: z.enum(['invite', 'disable', 'enable', 'password-reset']),
    target: z.string(),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditAction = AuditEntry['action'];

export const auditPageSchema = z
  .object({ entries: z.array(auditEntrySchema), page: z.number().int(), total: z.number().int() })
  .meta({ id: 'AuditPage' });

const dependency = z.enum(['ok', 'unreachable', 'not-configured']);

export const instanceStatusSchema = z
  .object({
    version: z.string(),
    registration: z.enum(REGISTRATION_MODES),
    database: z.object({ engine: z.enum(['sqlite', 'postgres']), status: dependency }),
    redis: dependency,
    /** Reminder jobs waiting to run. */
    queuedReminderJobs: z.number().int().nullable(),
    email: z.object({
      /** SMTP when SMTP_URL is set; otherwise emails are written to the data directory's outbox. */
      transport: z.enum(['smtp', 'outbox']),
      lastSentAt: z.string().nullable(),
      lastFailedAt: z.string().nullable(),
    }),
  })
  .meta({ id: 'InstanceStatus' });
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

export const adminActionSchema = z.object({ message: z.string() }).meta({ id: 'AdminAction' });
