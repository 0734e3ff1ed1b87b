import {
  listCreateSchema,
  listDeleteQuerySchema,
  listsAnswerSchema,
  listSchema,
  listUpdateSchema,
} from '../schemas/lists';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Lists';

/** /api/lists: the signed-in user's todo lists; the Inbox holds todos without one (ADR 0026). */
export const listsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/lists',
    summary: "The Inbox's open count and every list, ordered by position",
    tag,
    access: 'user',
    response: listsAnswerSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/lists',
    summary: 'Create a list, placed last',
    tag,
    access: 'user',
    body: listCreateSchema,
    status: 201,
    response: listSchema,
    errors: ['QUOTA_EXCEEDED'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/lists/:id',
    summary: 'Rename, recolour, move or archive a list',
    tag,
    access: 'user',
    params: idParams,
    body: listUpdateSchema,
    response: listSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/lists/:id',
    summary: 'Delete a list, moving its todos to the Inbox or deleting them (?todos=move|delete)',
    tag,
    access: 'user',
    params: idParams,
    query: listDeleteQuerySchema,
    status: 204,
    response: null,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
