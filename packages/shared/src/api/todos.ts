import { z } from 'zod';

import { todoMovedSchema, todoMoveSchema, todoMoveUndoSchema } from '../schemas/todo-moves';
import {
  todoCreateSchema,
  todoListQuerySchema,
  todoPageSchema,
  todoSchema,
  todoStatsSchema,
  todoUpdateSchema,
} from '../schemas/todos';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Todos';

/** /api/todos: the signed-in user's own todos. */
export const todosApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/todos',
    summary: 'A page of todos matching the filters, newest first',
    tag,
    access: 'user',
    query: todoListQuerySchema,
    response: todoPageSchema,
    errors: [],
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/todos/stats',
    summary: 'How many todos there are, done and pending',
    tag,
    access: 'user',
    response: todoStatsSchema,
    errors: [],
  }),
  reminders: endpoint({
    method: 'GET',
    path: '/api/todos/reminders',
    summary: 'Pending todos that have a reminder time',
    tag,
    access: 'user',
    response: z.object({ items: z.array(todoSchema) }),
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/todos',
    summary: 'Create a todo',
    tag,
    access: 'user',
    body: todoCreateSchema,
    status: 201,
    response: todoSchema,
    errors: ['QUOTA_EXCEEDED'],
    idempotent: true,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/todos/:id',
    summary: 'Change a todo, or complete it and undo that',
    tag,
    access: 'user',
    params: idParams,
    body: todoUpdateSchema,
    response: todoSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/todos/:id',
    summary: 'Delete a todo',
    tag,
    access: 'user',
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
  skip: endpoint({
    method: 'POST',
    path: '/api/todos/:id/skip',
    summary: 'Skip the current occurrence of a repeating todo, moving it to the next',
    tag,
    access: 'user',
    params: idParams,
    response: todoSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  move: endpoint({
    method: 'POST',
    path: '/api/todos/:id/move',
    summary: 'Move one occurrence of a repeating todo, or all of them, to another day (ADR 0031)',
    tag,
    access: 'user',
    params: idParams,
    body: todoMoveSchema,
    response: todoMovedSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  undoMove: endpoint({
    method: 'POST',
    path: '/api/todos/:id/move/undo',
    summary: 'Put back what a move of a repeating todo changed',
    tag,
    access: 'user',
    params: idParams,
    body: todoMoveUndoSchema,
    response: todoSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
