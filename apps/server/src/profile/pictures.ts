import { PICTURE_MAX_PIXELS, PICTURE_MAX_SIDE } from '@daywise/shared';
import sharp from 'sharp';

import { ApiError } from '../lib/errors';

export interface EncodedPicture {
  contentType: string;
  data: Buffer;
}

/** What we store each decoded format as: PNG, GIF and WebP keep their type, the rest is JPEG. */
const KEEP = { png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

/**
 * Decodes an upload whatever its name or Content-Type claims, and re-encodes it: turned upright,
 * at most 500 px on its longest side, with no metadata (no EXIF location survives). Anything
 * that is not a decodable image, or has more pixels than we accept, is refused.
 */
export async function encodePicture(upload: Buffer): Promise<EncodedPicture> {
  let format: string | undefined;
  try {
    const image = sharp(upload, { limitInputPixels: PICTURE_MAX_PIXELS, animated: false });
    format = (await image.metadata()).format;
    const resized = image
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (format === 'png') {
      return { contentType: KEEP.png, data: await resized.png().toBuffer() };
    }
    if (format === 'gif') {
      return { contentType: KEEP.gif, data: await resized.gif().toBuffer() };
    }
    if (format === 'webp') {
      return { contentType: KEEP.webp, data: await resized.webp({ quality: 80 }).toBuffer() };
    }
    return { contentType: 'image/jpeg', data: await resized.jpeg({ quality: 80 }).toBuffer() };
  } catch (error) {
    throw new ApiError('INVALID_IMAGE', undefined, undefined, error);
  }
}
