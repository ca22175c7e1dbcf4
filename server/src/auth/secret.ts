import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';

/**
 * The key that signs cookies and anti-forgery tokens: SECRET_KEY when set, else one made
 * at first start and kept in the database, so every server sharing it agrees.
 */
export async function loadSecret(db: Db, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  await db.query(`INSERT INTO hub_setting (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM hub_setting WHERE key = 'secret'`);
  return Buffer.from(rows[0].value, 'utf8');
}

export function signer(secret: Buffer) {
  const mac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  return {
    mac,
    /** `value.signature`, verifiable with `unsign`. */
    sign: (value: string) => `${value}.${mac(value)}`,
    unsign(signed: string | undefined): string | null {
      if (!signed) return null;
      const at = signed.lastIndexOf('.');
      if (at <= 0) return null;
      const value = signed.slice(0, at);
      return equal(signed.slice(at + 1), mac(value)) ? value : null;
    },
    equal,
  };
}

export type Signer = ReturnType<typeof signer>;

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
