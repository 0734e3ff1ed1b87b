import {
  apiTokenCreateSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
} from '../schemas/api-tokens';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'API tokens';

/**
 * /api/tokens: the signed-in user's personal access tokens (issue 16). Cookie-only: a token can
 * neither see nor make nor revoke tokens.
 */
export const apiTokensApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/tokens',
    summary: 'The API tokens, newest first, with when each was last used',
    tag,
    access: 'user',
    cookieOnly: true,
    response: apiTokenListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tokens',
    summary: 'Create an API token; its secret is in this answer only',
    tag,
    access: 'user',
    cookieOnly: true,
    body: apiTokenCreateSchema,
    status: 201,
    response: createdApiTokenSchema,
    errors: ['QUOTA_EXCEEDED'],
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/tokens/:id',
    summary: 'Revoke an API token: it stops working at once',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
