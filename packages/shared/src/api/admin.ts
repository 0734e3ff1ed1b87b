import {
  adminActionSchema,
  adminPageQuery,
  adminUserPageSchema,
  adminUserSchema,
  auditPageSchema,
  instanceStatusSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationSchema,
  registrationSchema,
} from '../schemas/admin';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Admin';

/**
 * /api/admin: the instance's admin page (issue 35, ADR 0039). Only an admin's session cookie opens
 * them: everyone else, signed out included, gets 404 NOT_FOUND exactly as for a path that does not
 * exist (so they are declared public: the route itself, not the sign-in check, answers).
 */
export const adminApi = {
  users: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'The accounts, oldest first, a page at a time, with their activity and storage',
    tag,
    access: 'public',
    cookieOnly: true,
    query: adminPageQuery,
    response: adminUserPageSchema,
    errors: ['NOT_FOUND'],
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/api/admin/invitations',
    summary: 'The newest invitations, and whether each was used',
    tag,
    access: 'public',
    cookieOnly: true,
    response: invitationListSchema,
    errors: ['NOT_FOUND'],
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/admin/invitations',
    summary: 'Email an address a link to sign up with, valid for 7 days',
    tag,
    access: 'public',
    cookieOnly: true,
    body: invitationCreateSchema,
    status: 201,
    response: invitationSchema,
    errors: ['NOT_FOUND', 'EMAIL_TAKEN', 'EMAIL_SEND_FAILED'],
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/disable',
    summary: 'Disable an account: its sessions, tokens, push devices and calendar feed end at once',
    tag,
    access: 'public',
    cookieOnly: true,
    params: idParams,
    response: adminUserSchema,
    errors: ['NOT_FOUND', 'PERMISSION_DENIED'],
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/enable',
    summary: 'Enable a disabled account: it may sign in again',
    tag,
    access: 'public',
    cookieOnly: true,
    params: idParams,
    response: adminUserSchema,
    errors: ['NOT_FOUND'],
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/password-reset',
    summary: 'Email the account a link to choose a new password',
    tag,
    access: 'public',
    cookieOnly: true,
    params: idParams,
    response: adminActionSchema,
    errors: ['NOT_FOUND', 'RATE_LIMITED', 'EMAIL_SEND_FAILED'],
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/admin/status',
    summary: "The instance's version, database, Redis, reminder queue and email",
    tag,
    access: 'public',
    cookieOnly: true,
    response: instanceStatusSchema,
    errors: ['NOT_FOUND'],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The admin actions, newest first, a page at a time',
    tag,
    access: 'public',
    cookieOnly: true,
    query: adminPageQuery,
    response: auditPageSchema,
    errors: ['NOT_FOUND'],
  }),
};

/** GET /api/registration: who may sign up here, for the sign-up page. */
export const registrationApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/registration',
    summary: 'Who may sign up on this instance: anyone, by invitation link, or invited addresses',
    tag: 'Account',
    access: 'public',
    response: registrationSchema,
    errors: [],
  }),
};
