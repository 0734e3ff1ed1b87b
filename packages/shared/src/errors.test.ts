import { describe, expect, it } from 'vitest';

import { ERROR_CODES, isErrorCode } from './errors';

describe('ERROR_CODES', () => {
  it('sends client errors as 4xx and server errors as 5xx', () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      const serverSide = ['INTERNAL', 'UNAVAILABLE', 'EMAIL_SEND_FAILED'].includes(code);
      expect(status >= 500, code).toBe(serverSide);
      expect(status >= 400, code).toBe(true);
    }
  });

  it('recognises its own codes only', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
