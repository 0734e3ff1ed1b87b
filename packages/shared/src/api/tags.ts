import { tagListSchema, tagResponseSchema, tagSchema, tagUpdateSchema } from '../schemas/plans';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Tags';

/** /api/tags: the signed-in user's tags for plan tasks. */
export const tagsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/tags',
    summary: 'The tags, ordered by name',
    tag,
    access: 'user',
    response: tagListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tags',
    summary: 'Create a tag',
    tag,
    access: 'user',
    body: tagSchema,
    status: 201,
    response: tagResponseSchema,
    errors: ['CONFLICT', 'QUOTA_EXCEEDED'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/tags/:id',
    summary: "Rename or recolour a tag; today's and later tasks follow",
    tag,
    access: 'user',
    params: idParams,
    body: tagUpdateSchema,
    response: tagResponseSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/tags/:id',
    summary: 'Delete a tag (tasks keep its name and colour)',
    tag,
    access: 'user',
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
