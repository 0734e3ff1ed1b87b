import { importPreviewSchema, importStatusSchema } from '../schemas/imports';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Imports';

const file = {
  type: 'multipart/form-data',
  files: {
    file: 'A Todoist CSV export, a TickTick CSV backup or a Daywise JSON archive; UTF-8, at most 10 MB',
  },
} as const;

/** /api/imports: bringing the signed-in user's tasks in from a file. */
export const importsApi = {
  preview: endpoint({
    method: 'POST',
    path: '/api/imports/preview',
    summary: 'What importing the file would do (writes nothing)',
    tag,
    access: 'user',
    requestContent: file,
    response: importPreviewSchema,
    errors: ['IMPORT_FILE_INVALID', 'IMPORT_FILE_TOO_LARGE'],
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/imports',
    summary: 'Import the file; poll the answer for progress and the result',
    tag,
    access: 'user',
    requestContent: file,
    status: 202,
    response: importStatusSchema,
    errors: ['IMPORT_FILE_INVALID', 'IMPORT_FILE_TOO_LARGE', 'IMPORT_RUNNING'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/imports/:id',
    summary: "An import's progress, then its result",
    tag,
    access: 'user',
    params: idParams,
    response: importStatusSchema,
    errors: ['NOT_FOUND'],
  }),
};
