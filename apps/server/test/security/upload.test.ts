import { MESSAGES, PICTURE_MAX_BYTES, PICTURE_UPLOAD_RATE_LIMIT } from '@daywise/shared';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../helpers';
import { pngClaiming, solidImage } from '../images';

const BOUNDARY = 'attacker-boundary';
const INVALID_IMAGE = { error: { code: 'INVALID_IMAGE', message: MESSAGES.invalidImage } };

/** One multipart part: a file when `filename` is given, a plain field otherwise. */
function part(name: string, data: Buffer | string, filename?: string, type = 'image/png'): Buffer {
  const disposition = `form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
  const headers = `Content-Disposition: ${disposition}${filename ? `\r\nContent-Type: ${type}` : ''}`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
}
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, closing]);

describe.each(ENGINES)('picture uploads as an attacker sends them (%s)', (engine) => {
  let ctx: TestApp;
  let cookie: string;
  let smallPng: Buffer;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    smallPng = await solidImage('png');
  });
  afterEach(() => ctx.close());

  const put = (payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      payload,
      headers: { ...SAME_ORIGIN, cookie, 'content-type': contentType },
    });
  const storedPicture = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json<{
      pictureUrl: string | null;
    }>().pictureUrl;

  it('accepts one PNG file part', async () => {
    const response = await put(form(part('picture', smallPng, 'me.png')));
    expect(response.statusCode).toBe(200);
    expect(await storedPicture()).not.toBeNull();
  });

  it('refuses text fields before the file, at the first field, storing nothing', async () => {
    const field = part('padding', 'x'.repeat(1024 * 1024));
    const response = await put(
      form(...Array.from({ length: 20 }, () => field), part('picture', smallPng, 'me.png')),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_IMAGE);
    expect(await storedPicture()).toBeNull();
  });

  it('refuses a field after the file, a second file, and 1,001 parts', async () => {
    const file = part('picture', smallPng, 'me.png');
    for (const payload of [
      form(file, part('extra', 'x')),
      form(file, file),
      form(...Array.from({ length: 1001 }, (_, index) => part(`f${index}`, 'x'))),
    ]) {
      const response = await put(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_IMAGE);
    }
    expect(await storedPicture()).toBeNull();
  });

  it('refuses malformed multipart with a 4xx, never a 500', async () => {
    const file = part('picture', smallPng, 'me.png');
    const cases: [Buffer, string][] = [
      [form(file), 'multipart/form-data'],
      [form(file), 'multipart/form-data; boundary='],
      [file.subarray(0, file.length - 40), `multipart/form-data; boundary=${BOUNDARY}`],
      [Buffer.from('not multipart at all'), `multipart/form-data; boundary=${BOUNDARY}`],
      [Buffer.alloc(0), `multipart/form-data; boundary=${BOUNDARY}`],
      [
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n`),
        `multipart/form-data; boundary=${BOUNDARY}`,
      ],
    ];
    for (const [payload, contentType] of cases) {
      const response = await put(payload, contentType);
      expect({ contentType, status: response.statusCode }).toEqual({ contentType, status: 400 });
      expect(response.json()).toEqual(INVALID_IMAGE);
    }
    expect(await storedPicture()).toBeNull();
  });

  it('refuses SVG and TIFF whatever they claim to be', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    );
    for (const file of [svg, await solidImage('tiff')]) {
      const response = await put(form(part('picture', file, 'me.png', 'image/png')));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_IMAGE);
    }
    expect(await storedPicture()).toBeNull();
  });

  it('refuses an image over about 25 megapixels from its header alone', async () => {
    // A real, decodable image (one colour compresses to a few kB) just over the cap, and a
    // header claiming far more pixels than the file holds.
    const real = await sharp({
      create: { width: 5100, height: 5000, channels: 3, background: '#2563eb' },
    })
      .png()
      .toBuffer();
    for (const file of [real, pngClaiming(20_000, 20_000)]) {
      const response = await put(form(part('picture', file, 'big.png')));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_IMAGE);
    }
    expect(await storedPicture()).toBeNull();
  });

  it('refuses a file over 5 MB with 413 before processing it', async () => {
    const response = await put(
      form(part('picture', Buffer.alloc(PICTURE_MAX_BYTES + 1, 1), 'big.png')),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'IMAGE_TOO_LARGE', message: MESSAGES.invalidImage },
    });
    expect(await storedPicture()).toBeNull();
  });

  it('limits uploads per user', async () => {
    const payload = form(part('picture', await solidImage('jpeg'), 'me.jpg', 'image/jpeg'));
    for (let upload = 0; upload < PICTURE_UPLOAD_RATE_LIMIT.max; upload += 1) {
      expect((await put(payload)).statusCode).toBe(200);
    }
    const refused = await put(payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      },
    });
  });
});
