import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';

import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('holds a list of at least 10,000 passwords', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it.each(['Password1', 'Welcome1', 'Summer2026', 'Winter2025!', 'Qwerty123', 'Iloveyou1'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Sunrise2026', 'Moonrise2027', 'Tq8vLr2mWx', 'Summer2026Lake'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
