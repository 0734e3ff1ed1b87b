import {
  savedFilterCreateSchema,
  savedFiltersAnswerSchema,
  savedFilterSchema,
  savedFilterUpdateSchema,
} from '../schemas/filters';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Saved filters';

/**
 * /api/filters: the signed-in user's saved filters, queries in the filter language (ADR 0028).
 * `GET /api/todos?filter=<query>` answers a filter's todos.
 */
export const filtersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/filters',
    summary: 'Every saved filter with the count of open todos it matches, ordered by position',
    tag,
    access: 'user',
    response: savedFiltersAnswerSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/filters',
    summary: 'Save a filter, placed last',
    tag,
    access: 'user',
    body: savedFilterCreateSchema,
    status: 201,
    response: savedFilterSchema,
    errors: ['FILTER_INVALID', 'QUOTA_EXCEEDED'],
    idempotent: true,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/filters/:id',
    summary: 'Rename, recolour or move a saved filter, or change its query',
    tag,
    access: 'user',
    params: idParams,
    body: savedFilterUpdateSchema,
    response: savedFilterSchema,
    errors: ['NOT_FOUND', 'FILTER_INVALID'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/filters/:id',
    summary: 'Delete a saved filter (its todos stay as they are)',
    tag,
    access: 'user',
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
