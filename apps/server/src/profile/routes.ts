import { PICTURE_MAX_BYTES } from '@daywise/shared';
import { profileUpdateSchema } from '@daywise/shared/schemas';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { ApiError } from '../lib/errors';
import { encodePicture } from './pictures';
import { deletePicture, findPicture, readProfile, savePicture, updateProfile } from './profiles';

/** The profile (spec 02 §2, §5): the user's own, and pictures anyone with the link may see. */
export function profileRoutes(app: AppInstance): void {
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
    // The multipart limit stops reading at 5 MB (413); nothing larger is ever buffered.
    const file = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } });
    if (!file) {
      throw new ApiError('INVALID_IMAGE');
    }
    const upload = await file.toBuffer();
    const picture = await encodePicture(upload);
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
