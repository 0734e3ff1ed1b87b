import { PICTURE_MAX_BYTES, PICTURE_UPLOAD_RATE_LIMIT } from '@daywise/shared';
import { profileApi } from '@daywise/shared/api';
import type { FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { ApiError } from '../lib/errors';
import { readable } from '../lib/policy';
import { perUserLimit } from '../lib/rate-limit';
import { route } from '../lib/route';
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

  route(app, profileApi.get, ({ db, user }) => readProfile(db, user.id));

  // Every change here is one others may see (a name, a picture): 'profile.changed' tells them.
  const changed = (userId: string) => [{ type: 'profile.changed' as const, userId }];

  route(app, profileApi.update, ({ db, user, body, now, events }) =>
    events.after(updateProfile(db, user.id, body, now), () => changed(user.id)),
  );

  route(app, profileApi.uploadPicture, async ({ db, user, now, request, events }) => {
    await limitUploads(request, user.id);
    const picture = await encodePicture(await readPictureUpload(request));
    const pictureUrl = await events.after(savePicture(db, user.id, picture, now), () =>
      changed(user.id),
    );
    return { pictureUrl };
  });

  route(app, profileApi.removePicture, async ({ db, user, events }) => {
    await events.after(deletePicture(db, user.id), () => changed(user.id));
    return { pictureUrl: null };
  });

  route(app, profileApi.picture, async ({ db, params, query, reply }) => {
    const picture = readable(await findPicture(db, params.id));
    // A versioned URL never changes content; an unversioned one is checked every time.
    const immutable = query.v === picture.version;
    return reply
      .header('Content-Type', picture.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(picture.data);
  });
}
