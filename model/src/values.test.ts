import { describe, expect, it } from 'vitest';
import { isUuid, jsonTooDeep, parseWireDate, toWireDate } from './values';

const iso = (value: string) => parseWireDate(value)?.toISOString() ?? null;

describe('parseWireDate', () => {
  it('reads the years 1 to 99 as written, refuses year 0 and offsets beyond ±14:00', () => {
    expect(iso('0099-03-01')).toBe('0099-03-01T00:00:00.000Z');
    expect(iso('0001-01-01 10:00:00')).toBe('0001-01-01T10:00:00.000Z');
    expect(toWireDate(parseWireDate('0042-12-31 23:59:59')!)).toBe('0042-12-31 23:59:59');
    expect(iso('0000-01-01')).toBeNull();
    expect(iso('2026-01-01T10:00:00+9999')).toBeNull();
    expect(iso('2026-01-01T10:00:00+15:00')).toBeNull();
    expect(iso('2026-01-01T10:00:00+14:00')).toBe('2025-12-31T20:00:00.000Z');
  });

  it("reads the wire format 'YYYY-MM-DD HH:mm:ss' as UTC", () => {
    expect(iso('2026-11-22 09:05:07')).toBe('2026-11-22T09:05:07.000Z');
  });
  it('reads a bare day, minutes without seconds, and ISO forms', () => {
    expect(iso('2026-11-22')).toBe('2026-11-22T00:00:00.000Z');
    expect(iso('2026-11-22 09:05')).toBe('2026-11-22T09:05:00.000Z');
    expect(iso('2026-11-22T09:05:07.250Z')).toBe('2026-11-22T09:05:07.000Z');
    expect(iso('  2026-11-22 09:05:07 ')).toBe('2026-11-22T09:05:07.000Z');
  });
  it('applies a time-zone offset', () => {
    expect(iso('2026-11-22T09:05:07+10:00')).toBe('2026-11-21T23:05:07.000Z');
    expect(iso('2026-11-22T09:05:07-0130')).toBe('2026-11-22T10:35:07.000Z');
  });
  it('refuses impossible dates and times', () => {
    expect(parseWireDate('2026-02-30 00:00:00')).toBeNull();
    expect(parseWireDate('2026-02-29 00:00:00')).toBeNull();
    expect(parseWireDate('2100-02-29')).toBeNull();
    expect(parseWireDate('2026-04-31')).toBeNull();
    expect(parseWireDate('2026-13-01')).toBeNull();
    expect(parseWireDate('2026-00-10')).toBeNull();
    expect(parseWireDate('2026-01-01 24:00:00')).toBeNull();
    expect(parseWireDate('2026-01-01 10:60:00')).toBeNull();
    expect(parseWireDate('2026-01-01 10:00:60')).toBeNull();
  });
  it('accepts leap days of leap years', () => {
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('2000-02-29 12:00:00')).toBe('2000-02-29T12:00:00.000Z');
  });
  it('refuses other layouts', () => {
    for (const bad of ['22/11/2026', '2026/11/22', '2026-1-5', '20261122', 'tomorrow', '', '2026-11-22 9:05:07'])
      expect(parseWireDate(bad), bad).toBeNull();
  });
});

describe('toWireDate', () => {
  it('formats in UTC with zero padding', () => {
    expect(toWireDate(new Date(Date.UTC(2026, 0, 5, 3, 4, 5)))).toBe('2026-01-05 03:04:05');
    expect(toWireDate(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31 23:59:59');
  });
  it('round-trips with parseWireDate', () => {
    for (const s of ['2026-11-22 09:05:07', '1999-12-31 23:59:59', '2024-02-29 00:00:00']) expect(toWireDate(parseWireDate(s)!)).toBe(s);
    expect(toWireDate(parseWireDate('2026-11-22T09:05:07+10:00')!)).toBe('2026-11-21 23:05:07');
  });
});

describe('isUuid', () => {
  it('accepts version-4 ids in either case', () => {
    expect(isUuid('9b2c7f1e-1d7a-4c3b-8f55-2a4f0f6d7c11')).toBe(true);
    expect(isUuid('9B2C7F1E-1D7A-4C3B-BF55-2A4F0F6D7C11')).toBe(true);
  });
  it('refuses other versions, bad variants and malformed text', () => {
    expect(isUuid('9b2c7f1e-1d7a-1c3b-8f55-2a4f0f6d7c11')).toBe(false); // version 1
    expect(isUuid('9b2c7f1e-1d7a-4c3b-7f55-2a4f0f6d7c11')).toBe(false); // variant 7
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isUuid('9b2c7f1e1d7a4c3b8f552a4f0f6d7c11')).toBe(false);
    expect(isUuid(' 9b2c7f1e-1d7a-4c3b-8f55-2a4f0f6d7c11')).toBe(false);
    expect(isUuid('9b2c7f1e-1d7a-4c3b-8f55-2a4f0f6d7c11x')).toBe(false);
    expect(isUuid('not-an-id')).toBe(false);
  });
  it('refuses non-strings', () => {
    expect(isUuid(42)).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});

describe('jsonTooDeep', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(jsonTooDeep({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(jsonTooDeep({ a: [{ b: [] }] }, 3)).toBe(true);
    expect(jsonTooDeep('text', 0)).toBe(false);
  });
  it('walks a value 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(jsonTooDeep(deep)).toBe(true);
  });
});
