import { describe, expect, it } from 'vitest';

import { isDependencyUnavailable, unavailableCause } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a pg query timeout', new Error('Query read timeout')],
    ['a pg pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['PostgreSQL shutting down', withCode('terminating connection', '57P01')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a busy SQLite file', withCode('database is locked', 'SQLITE_BUSY')],
    ['a full disk under SQLite', withCode('database or disk is full', 'SQLITE_FULL')],
    ['a failed SQLite write', withCode('disk I/O error', 'SQLITE_IOERR_WRITE')],
    [
      'a SQLite file gone',
      withCode('attempt to write a readonly database', 'SQLITE_READONLY_DBMOVED'),
    ],
    ['a corrupt SQLite file', withCode('database disk image is malformed', 'SQLITE_CORRUPT')],
    ['a full disk under PostgreSQL', withCode('could not extend file', '53100')],
    [
      'a read-only PostgreSQL',
      withCode('cannot execute INSERT in a read-only transaction', '25006'),
    ],
    ['a PostgreSQL I/O error', withCode('could not read block', '58030')],
    ['a Redis command timeout', new Error('Command timed out')],
    [
      'a driver error wrapped by Better Auth',
      new Error('Failed to get session', { cause: new Error('Query read timeout') }),
    ],
  ])('recognises %s', (_, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a foreign key violation', withCode('violates foreign key constraint', '23503')],
    ['a programming error', new TypeError('x is not a function')],
    ['a constraint failure on SQLite', withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT')],
    ['something that is not an error', 'Query read timeout'],
  ])('does not mistake %s for unavailability', (_, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});

describe('unavailableCause', () => {
  it('names the failure for the log: its code and message, looking through wrappers', () => {
    const disk = withCode('database or disk is full', 'SQLITE_FULL');
    expect(unavailableCause(new Error('Failed to create todo', { cause: disk }))).toBe(
      'SQLITE_FULL: database or disk is full',
    );
    expect(unavailableCause(new Error('Query read timeout'))).toBe('Query read timeout');
    expect(unavailableCause(withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT'))).toBe(
      undefined,
    );
  });
});
