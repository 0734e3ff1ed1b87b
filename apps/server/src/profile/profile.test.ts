import { MESSAGES, PICTURE_MAX_BYTES } from '@daywise/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { pngClaiming, solidImage } from '../../test/images';
import { multipartFile } from '../../test/multipart';
import { type AccountClient, eachSignedIn, sendAs } from '../../test/signed-in';

const multipart = (filename: string, contentType: string, data: Buffer) =>
  multipartFile('picture', filename, contentType, data);

describe.each(ENGINES)('profile on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;

  eachSignedIn(engine, (app) => ({ ctx, api, cookie } = app));

  const upload = (file: { payload: Buffer; headers: Record<string, string> }, as = cookie) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      payload: file.payload,
      headers: { ...SAME_ORIGIN, ...file.headers, cookie: as },
    });
  const patch = (payload: object, as = cookie) => sendAs(ctx, as, 'PATCH', '/api/profile', payload);
  const profileFields = { name: 'Ada Lovelace', bio: '', location: '', website: '' };

  it('reads and updates the profile, trimming and clearing fields', async () => {
    const initial = await api.get('/api/profile', cookie);
    expect(initial.json()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      bio: '',
      pictureUrl: null,
    });
    const updated = await patch({
      name: ' Ada King ',
      bio: ' Mathematician. ',
      location: 'London, UK',
      website: 'https://ada.example.com',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Ada King',
      bio: 'Mathematician.',
      location: 'London, UK',
      website: 'https://ada.example.com',
      email: 'ada@example.com',
    });
    expect((await patch({ ...profileFields, name: 'Ada King' })).json()).toMatchObject({
      bio: '',
      website: '',
    });
  });

  it.each([
    ['maya.design', 'https://maya.design'],
    [' maya.design/work?x=1 ', 'https://maya.design/work?x=1'],
    ['www.example.co.uk:8080', 'https://www.example.co.uk:8080'],
    ['http://maya.design', 'http://maya.design'],
    ['HTTPS://maya.design', 'HTTPS://maya.design'],
  ])('stores the website %j as %j', async (website, stored) => {
    const response = await patch({ ...profileFields, website });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ website: stored });
    expect((await api.get('/api/profile', cookie)).json()).toMatchObject({ website: stored });
  });

  it.each([
    [{ ...profileFields, name: 'A' }, 'name', MESSAGES.nameTooShort],
    [{ ...profileFields, website: 'javascript:alert(1)' }, 'website', MESSAGES.websiteInvalid],
    [{ ...profileFields, website: 'mailto:maya@maya.design' }, 'website', MESSAGES.websiteInvalid],
    [{ ...profileFields, website: 'ftp://maya.design' }, 'website', MESSAGES.websiteInvalid],
    [{ ...profileFields, website: 'not a link' }, 'website', MESSAGES.websiteInvalid],
    [{ ...profileFields, website: 'maya' }, 'website', MESSAGES.websiteInvalid],
    [{ ...profileFields, website: 'maya@maya.design' }, 'website', MESSAGES.websiteInvalid],
    [
      { ...profileFields, website: `${'a'.repeat(190)}.design` },
      'website',
      'Website must be at most 200 characters',
    ],
    [{ ...profileFields, bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
  ])('refuses %j with a clear message', async (body, field, message) => {
    const response = await patch(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toBe(
      message,
    );
    expect((await api.get('/api/profile', cookie)).json()).toMatchObject({ name: 'Ada Lovelace' });
  });

  it('stores a PNG at most 500 px and serves it with nosniff and caching', async () => {
    const response = await upload(
      multipart('photo.png', 'image/png', await solidImage('png', 1200, 600)),
    );
    expect(response.statusCode).toBe(200);
    const { pictureUrl } = response.json<{ pictureUrl: string }>();
    expect(pictureUrl).toMatch(/^\/api\/users\/[a-f0-9]+\/picture\?v=\w+$/);
    const served = await ctx.app.inject({ method: 'GET', url: pictureUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([500, 250]);
    expect((await api.get('/api/profile', cookie)).json<{ pictureUrl: string }>().pictureUrl).toBe(
      pictureUrl,
    );
  });

  it('re-encodes a JPEG without its GPS location', async () => {
    const withGps = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#f00' },
    })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { pictureUrl } = (await upload(multipart('IMG_0001.JPG', 'image/jpeg', withGps))).json<{
      pictureUrl: string;
    }>();
    const served = await ctx.app.inject({ method: 'GET', url: pictureUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(500);
  });

  it('refuses HTML renamed .png, with the spec message, and stores nothing', async () => {
    const response = await upload(
      multipart('cat.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_IMAGE', message: MESSAGES.invalidImage },
    });
    expect((await api.get('/api/profile', cookie)).json()).toMatchObject({ pictureUrl: null });
  });

  it('refuses a file one byte over 5 MB with 413 and stores nothing', async () => {
    const response = await upload(
      multipart('big.png', 'image/png', Buffer.alloc(PICTURE_MAX_BYTES + 1, 1)),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      MESSAGES.invalidImage,
    );
    expect((await api.get('/api/profile', cookie)).json()).toMatchObject({ pictureUrl: null });
  });

  it('refuses an image with far too many pixels without decoding it', async () => {
    // A tiny PNG file whose header claims 20000 × 20000 pixels.
    const huge = pngClaiming(20_000, 20_000);
    const started = Date.now();
    const response = await upload(multipart('bomb.png', 'image/png', huge));
    expect(response.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('replaces and removes the picture; nobody else can change it', async () => {
    const first = (
      await upload(multipart('a.png', 'image/png', await solidImage('png', 100, 100)))
    ).json<{
      pictureUrl: string;
    }>();
    const second = (
      await upload(multipart('b.png', 'image/png', await solidImage('png', 120, 80)))
    ).json<{
      pictureUrl: string;
    }>();
    expect(second.pictureUrl).not.toBe(first.pictureUrl);
    // The old URL's version no longer matches, so it is not cached as immutable.
    expect(
      (await ctx.app.inject({ method: 'GET', url: first.pictureUrl })).headers['cache-control'],
    ).toBe('no-cache');

    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    await upload(multipart('g.png', 'image/png', await solidImage('png', 50, 50)), grace);
    expect((await api.get('/api/profile', cookie)).json<{ pictureUrl: string }>().pictureUrl).toBe(
      second.pictureUrl,
    );

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/profile/picture',
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(removed.json()).toEqual({ pictureUrl: null });
    expect((await ctx.app.inject({ method: 'GET', url: second.pictureUrl })).statusCode).toBe(404);
    expect(
      (await api.get('/api/profile', grace)).json<{ pictureUrl: string | null }>().pictureUrl,
    ).not.toBeNull();
  });

  it('needs a session', async () => {
    expect((await api.get('/api/profile')).statusCode).toBe(401);
    expect((await patch(profileFields, '')).statusCode).toBe(401);
  });
});
