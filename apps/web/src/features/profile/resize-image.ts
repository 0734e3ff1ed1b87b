import { PICTURE_MAX_BYTES, PICTURE_MAX_SIDE } from '@daywise/shared';

/** Resized pictures are encoded at this quality. */
export const PICTURE_QUALITY = 0.8;

/** Types a resized picture keeps; anything else becomes JPEG. */
const KEPT_TYPES = new Set(['image/png', 'image/gif', 'image/webp']);

/** A non-empty file of an image type. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') && file.size > 0;
}

/** The browser's check before any processing, and of the resized result: an image of at most 5 MB. */
export function isAcceptableImage(file: File): boolean {
  return isImageFile(file) && file.size <= PICTURE_MAX_BYTES;
}

/** The type a resized picture is encoded as. */
export function outputType(type: string): string {
  return KEPT_TYPES.has(type) ? type : 'image/jpeg';
}

/** The width and height that fit within PICTURE_MAX_SIDE, never enlarging. */
export function fitWithin(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PICTURE_MAX_SIDE / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
};

function renamed(name: string, type: string): string {
  const extension = EXTENSIONS[type] ?? 'jpg';
  const base = name.replace(/\.[^./\\]*$/, '') || 'picture';
  return `${base}.${extension}`;
}

async function encode(bitmap: ImageBitmap, type: string): Promise<Blob> {
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('No 2D canvas context');
    }
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type, quality: PICTURE_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('No 2D canvas context');
  }
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas produced no image'))),
      type,
      PICTURE_QUALITY,
    );
  });
}

/**
 * A file the browser cannot decode as a picture (a text file named fake.png): the server, which
 * takes only JPEG, PNG, GIF and WebP, would refuse it too, so it is refused when picked.
 */
export class UndecodableImageError extends Error {
  constructor() {
    super('The file is not a picture the browser can read');
    this.name = 'UndecodableImageError';
  }
}

async function decode(file: File): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new UndecodableImageError();
  }
}

/**
 * Shrinks a picture in the browser so its longest side is at most 500 px, at quality 0.8
 *: PNG, GIF and WebP keep their type, anything else becomes JPEG. A browser that
 * cannot encode the type (GIF, usually) answers with PNG; the file says what it really holds.
 * Rejects with UndecodableImageError when the file is no picture; any other failure (no canvas,
 * no encoder) leaves the caller to fall back to the original file.
 */
export async function resizeImage(file: File): Promise<File> {
  const bitmap = await decode(file);
  try {
    const blob = await encode(bitmap, outputType(file.type));
    const type = blob.type || outputType(file.type);
    return new File([blob], renamed(file.name, type), { type, lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
