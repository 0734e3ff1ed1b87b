import { z } from 'zod';

import { API_TOKEN_NAME_MAX } from '../constants';
import { MESSAGES } from '../messages';

/**
 * What a token may do: 'read' calls GET endpoints only; 'read-write' calls any it may; 'caldav'
 * is an app password for calendar and task apps, valid on the CalDAV server (`/dav/`) alone,
 * where the other two are not (ADR 0034).
 */
export const API_TOKEN_SCOPES = ['read', 'read-write', 'caldav'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
/** The scopes the JSON API accepts. */
export const API_SCOPES = ['read', 'read-write'] as const satisfies readonly ApiTokenScope[];

export const apiTokenCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, MESSAGES.apiTokenNameRequired)
    .max(API_TOKEN_NAME_MAX, `Please use at most ${API_TOKEN_NAME_MAX} characters`),
  scope: z.enum(API_TOKEN_SCOPES),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A token as listed: never the token itself, which is shown once, on creation. */
export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    createdAt: z.string(),
    /** When it last authenticated a request, to the minute; null until it has. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = z
  .object({
    token: apiTokenSchema,
    /** `dw_` and 43 base64url characters; send it as `Authorization: Bearer <secret>`. */
    secret: z.string(),
  })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
