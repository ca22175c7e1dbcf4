import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { translateDbError } from '../db/db-errors';
import { BadInputError } from './errors';
import { textMessages, assertNoNul, nulPath } from './strings';

describe('NUL characters in request values', () => {
  it('are found in a parsed query string (an object whose prototype has a null prototype)', () => {
    const query = parse('to=a%00b&x=1');
    expect(Object.getPrototypeOf(query)).not.toBe(Object.prototype);
    expect(nulPath(query)).toBe('to');
    expect(() => assertNoNul(query)).toThrow(BadInputError);
    expect(nulPath(Buffer.from('a\u0000b'))).toBeNull();
  });

  it('are found in strings and keys at any depth, with their path', () => {
    expect(nulPath('a\u0000')).toBe('');
    expect(nulPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(nulPath({ 'k\u0000': 1 })).toBe('');
    expect(nulPath({ a: 'fine', b: [1, true, null] })).toBeNull();
  });
  it('a nesting deeper than the stack is walked without overflowing it', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPath(deep)).not.toBeNull();
  });
  it('are refused with the message naming where', () => {
    expect(() => assertNoNul({ username: 'a\u0000' })).toThrow(new BadInputError(`${textMessages.nul} (in username)`));
    expect(() => assertNoNul({ username: 'a' })).not.toThrow();
  });
  it("the database's own refusal is translated too (a backstop), on reads and writes", () => {
    for (const code of ['22021', '22P05'])
      for (const action of ['read', 'save'] as const) {
        const err = translateDbError(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code }), action);
        expect(err).toBeInstanceOf(BadInputError);
        expect((err as Error).message).toBe(textMessages.nul);
      }
    const other = new Error('connection lost');
    expect(translateDbError(other, 'read')).toBe(other);
  });
});
