import { z } from 'zod';

import { pictureUrlSchema, profileSchema, profileUpdateSchema } from '../schemas/profile';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Profile';

/** /api/profile: the signed-in user's own profile; and anyone's picture by its link. */
export const profileApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/profile',
    summary: 'The profile',
    tag,
    access: 'user',
    response: profileSchema,
    errors: ['NOT_FOUND'],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/profile',
    summary: 'Change the name, bio, location and website',
    tag,
    access: 'user',
    body: profileUpdateSchema,
    response: profileSchema,
    errors: ['NOT_FOUND'],
  }),
  uploadPicture: endpoint({
    method: 'PUT',
    path: '/api/profile/picture',
    summary: 'Upload a picture (JPEG, PNG, GIF or WebP), stored re-encoded at most 500 px',
    tag,
    access: 'user',
    requestContent: {
      type: 'multipart/form-data',
      files: { picture: 'The image; its one part, at most 5 MB' },
    },
    response: pictureUrlSchema,
    errors: ['INVALID_IMAGE', 'IMAGE_TOO_LARGE'],
  }),
  removePicture: endpoint({
    method: 'DELETE',
    path: '/api/profile/picture',
    summary: 'Remove the picture',
    tag,
    access: 'user',
    response: z.object({ pictureUrl: z.null() }),
    errors: [],
  }),
  picture: endpoint({
    method: 'GET',
    path: '/api/users/:id/picture',
    summary: "A user's picture; cached for good when its version is given",
    tag,
    access: 'public',
    params: idParams,
    query: z.object({ v: z.string().max(40).optional() }),
    response: z.string().meta({ format: 'binary', description: 'The image bytes' }),
    responseContent: 'image/*',
    errors: ['NOT_FOUND'],
  }),
};
