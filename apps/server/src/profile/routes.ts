import { PICTURE_MAX_BYTES, PICTURE_UPLOAD_RATE_LIMIT } from '@daywise/shared';
import { profileUpdateSchema } from '@daywise/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { ApiError } from '../lib/errors';
import { perUserLimit } from '../lib/rate-limit';
import { encodePicture } from './pictures';
import { deletePicture, findPicture, readProfile, savePicture, updateProfile } from './profiles';

/**
 * A picture upload is one file part and nothing else. With no fields allowed, busboy stops at the
 * first field's header instead of buffering it, and a second part ends the upload (ADR 0014).
 */
export const PICTURE_UPLOAD_LIMITS = {
  fileSize: PICTURE_MAX_BYTES,
  files: 1,
  parts: 1,
  fields: 0,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

/** The upload's bytes; any malformed, oversized or extra part is the client's fault (4xx). */
async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: PICTURE_UPLOAD_LIMITS })) {
      if (part.type !== 'file' || upload) {
        throw new ApiError('INVALID_IMAGE');
      }
      // The fileSize limit stops reading at 5 MB (413); nothing larger is ever buffered.
      upload = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw error;
    }
    const tooLarge = (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
    throw new ApiError(tooLarge ? 'IMAGE_TOO_LARGE' : 'INVALID_IMAGE', undefined, undefined, error);
  }
  if (!upload) {
    throw new ApiError('INVALID_IMAGE');
  }
  return upload;
}

/** The profile: the user's own, and pictures anyone with the link may see. */
export function profileRoutes(app: AppInstance): void {
  const limitUploads = perUserLimit(app, 'picture-upload', PICTURE_UPLOAD_RATE_LIMIT);

  app.get('/api/profile', async (request) => {
    const { user } = await requireSession(app.auth, request);
    return readProfile(app.database.db, user.id);
  });

  app.patch('/api/profile', { schema: { body: profileUpdateSchema } }, async (request) => {
    const { user } = await requireSession(app.auth, request);
    return updateProfile(app.database.db, user.id, request.body, app.now());
  });

  app.put('/api/profile/picture', async (request) => {
    const { user } = await requireSession(app.auth, request);
    await limitUploads(request, user.id);
    const picture = await encodePicture(await readPictureUpload(request));
    return { pictureUrl: await savePicture(app.database.db, user.id, picture, app.now()) };
  });

  app.delete('/api/profile/picture', async (request) => {
    const { user } = await requireSession(app.auth, request);
    await deletePicture(app.database.db, user.id);
    return { pictureUrl: null };
  });

  app.get(
    '/api/users/:id/picture',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({ v: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const picture = await findPicture(app.database.db, request.params.id);
      if (!picture) {
        throw new ApiError('NOT_FOUND');
      }
      // A versioned URL never changes content; an unversioned one is checked every time.
      const immutable = request.query.v === picture.version;
      return reply
        .header('Content-Type', picture.content_type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .send(picture.data);
    },
  );
}
