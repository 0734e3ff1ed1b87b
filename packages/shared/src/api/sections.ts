import {
  sectionCreateSchema,
  sectionsAnswerSchema,
  sectionSchema,
  sectionUpdateSchema,
} from '../schemas/sections';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Sections';

/** /api/sections: named groups of todos within the user's lists and the Inbox (ADR 0027). */
export const sectionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/sections',
    summary: "Every section: the Inbox's, then each list's, in the lists' order, by position",
    tag,
    access: 'user',
    response: sectionsAnswerSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/sections',
    summary: "Create a section in a list or the Inbox, placed last among the list's sections",
    tag,
    access: 'user',
    body: sectionCreateSchema,
    status: 201,
    response: sectionSchema,
    errors: ['QUOTA_EXCEEDED'],
    idempotent: true,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/sections/:id',
    summary: 'Rename a section, or move it among its list’s sections',
    tag,
    access: 'user',
    params: idParams,
    body: sectionUpdateSchema,
    response: sectionSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/sections/:id',
    summary: 'Delete a section; its todos stay in the list, in no section',
    tag,
    access: 'user',
    params: idParams,
    status: 204,
    response: null,
    errors: ['NOT_FOUND'],
  }),
};
