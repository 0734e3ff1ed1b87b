import { z } from 'zod';

import {
  planResponseSchema,
  planSchema,
  planTaskUpdateSchema,
  todayPlanSchema,
} from '../schemas/plans';
import { dateSchema } from '../schemas/todos';
import { endpoint } from './endpoint';
import { idParams, idSchema } from './params';

const tag = 'Daily goals';

/** `/:id/tasks/:taskId` */
const taskParams = z.object({ id: idSchema, taskId: idSchema });

/** `/by-date/:date`: a real calendar day, YYYY-MM-DD. */
const dateParams = z.object({ date: dateSchema });

/** /api/plans: the signed-in user's daily plans, one a day. */
export const plansApi = {
  today: endpoint({
    method: 'GET',
    path: '/api/plans/today',
    summary: "Today's plan in the user's time zone, or null",
    tag,
    access: 'user',
    response: todayPlanSchema,
    errors: [],
  }),
  onDate: endpoint({
    method: 'GET',
    path: '/api/plans/by-date/:date',
    summary: "The plan of a day at most a year from today in the user's time zone, or null",
    tag,
    access: 'user',
    params: dateParams,
    response: todayPlanSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/plans',
    summary: 'Create the plan of a day: today unless a date is given, at most a year ahead',
    tag,
    access: 'user',
    body: planSchema,
    status: 201,
    response: planResponseSchema,
    errors: ['CONFLICT'],
    idempotent: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/plans/:id',
    summary: 'A plan with its tasks and completion',
    tag,
    access: 'user',
    params: idParams,
    response: planResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/plans/:id',
    summary: 'Edit a plan: its title, description and tasks',
    tag,
    access: 'user',
    params: idParams,
    body: planSchema,
    response: planResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/plans/:id',
    summary: 'Delete a plan with its tasks',
    tag,
    access: 'user',
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/plans/:id/reset',
    summary: 'Un-complete every task of a plan',
    tag,
    access: 'user',
    params: idParams,
    response: planResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  updateTask: endpoint({
    method: 'PATCH',
    path: '/api/plans/:id/tasks/:taskId',
    summary: "Tick a plan's task or set its reminder",
    tag,
    access: 'user',
    params: taskParams,
    body: planTaskUpdateSchema,
    response: planResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  removeTask: endpoint({
    method: 'DELETE',
    path: '/api/plans/:id/tasks/:taskId',
    summary: "Delete a plan's task",
    tag,
    access: 'user',
    params: taskParams,
    response: planResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
