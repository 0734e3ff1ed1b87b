import { dayOffCreateSchema, dayOffListSchema, dayOffSchema } from '../schemas/habits';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Habits';

/** /api/days-off: the signed-in user's days off, which pause every habit's streak. */
export const daysOffApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/days-off',
    summary: 'The days off, soonest first',
    tag,
    access: 'user',
    response: dayOffListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/days-off',
    summary: 'Take days off',
    tag,
    access: 'user',
    body: dayOffCreateSchema,
    status: 201,
    response: dayOffSchema,
    errors: ['QUOTA_EXCEEDED'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/days-off/:id',
    summary: 'Cancel days off',
    tag,
    access: 'user',
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
