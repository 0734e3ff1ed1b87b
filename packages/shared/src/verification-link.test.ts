import { describe, expect, it } from 'vitest';

import { MESSAGES } from './messages';
import { parseVerificationLink } from './verification-link';

const userId = 'a1b2c3d4e5f6a7b8';
const secret = 'Zx9_secret-value-of-43-characters-abcdefghi';
const parse = (query: string) => parseVerificationLink(new URLSearchParams(query));

describe('parseVerificationLink', () => {
  it('reads userId and secret, the optional email, and isRestore', () => {
    expect(parse(`userId=${userId}&secret=${secret}&email=a%40b.co&isRestore=true`)).toEqual({
      ok: true,
      userId,
      secret,
      email: 'a@b.co',
      isRestore: true,
    });
    expect(parse(`userId=${userId}&secret=${secret}&resent=true`)).toMatchObject({
      ok: true,
      isRestore: false,
      email: null,
    });
  });

  it.each([
    ['user', 'token'],
    ['id', 'code'],
    ['userId', 'verification'],
  ])('accepts the alternative names %s and %s', (idName, secretName) => {
    expect(parse(`${idName}=${userId}&${secretName}=${secret}`)).toMatchObject({
      ok: true,
      userId,
      secret,
    });
  });

  it.each(['', `userId=${userId}`, `secret=${secret}`, `userId=&secret=${secret}`])(
    'refuses missing parameters (%s)',
    (query) => {
      expect(parse(query)).toEqual({ ok: false, message: MESSAGES.linkMissingParameters });
    },
  );

  it('refuses a secret shorter than 20 characters', () => {
    expect(parse(`userId=${userId}&secret=${'x'.repeat(19)}`)).toEqual({
      ok: false,
      message: MESSAGES.linkBadTokenFormat,
    });
  });

  it.each(['short', 'has-dash-1234567', 'has space 12345'])('refuses the user id %j', (id) => {
    expect(parse(`userId=${encodeURIComponent(id)}&secret=${secret}`)).toEqual({
      ok: false,
      message: MESSAGES.linkBadUserFormat,
    });
  });
});
