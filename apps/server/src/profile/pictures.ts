import { PICTURE_MAX_PIXELS, PICTURE_MAX_SIDE } from '@daywise/shared';
import sharp from 'sharp';

import { ApiError } from '../lib/errors';

export interface EncodedPicture {
  contentType: string;
  data: Buffer;
}

/**
 * The formats a picture may arrive in, by what sharp sniffs from the bytes (never the name or
 * Content-Type). Anything else sharp can read (SVG, TIFF, HEIF, PDF, raw) is refused before it
 * is decoded: each is a larger attack surface than a profile picture needs (ADR 0014).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

/** What we store each format as: PNG, GIF and WebP keep their type, JPEG stays JPEG. */
const KEEP = { png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

async function sniff(upload: Buffer) {
  try {
    return await sharp(upload).metadata();
  } catch (error) {
    throw new ApiError('INVALID_IMAGE', undefined, undefined, error);
  }
}

/**
 * Decodes an upload whatever its name or Content-Type claims, and re-encodes it: turned upright,
 * at most 500 px on its longest side, with no metadata (no EXIF location survives). Anything
 * that is not a JPEG, PNG, GIF or WebP image, or has more pixels than we accept, is refused
 * from its header alone, before any pixel is decoded.
 */
export async function encodePicture(upload: Buffer): Promise<EncodedPicture> {
  const { format, width, height } = await sniff(upload);
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) {
    throw new ApiError('INVALID_IMAGE');
  }
  if (width * height > PICTURE_MAX_PIXELS) {
    throw new ApiError('INVALID_IMAGE');
  }
  try {
    const resized = sharp(upload, { limitInputPixels: PICTURE_MAX_PIXELS, animated: false })
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
