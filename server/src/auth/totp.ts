import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;

function totp(secret: string, label: string): TOTP {
  return new TOTP({ issuer: 'Safety Hub', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The key as people type it: groups of four characters. */
export function groupKey(secret: string): string {
  return secret.match(/.{1,4}/g)!.join(' ');
}

export async function totpSetup(secret: string, label: string): Promise<{ key: string; otpauthUrl: string; qrCode: string }> {
  const url = totp(secret, label).toString();
  return { key: groupKey(secret), otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/**
 * The time step a code belongs to (one step of clock drift allowed either way), or null.
 * Callers refuse a step at or before the last one used, so a code works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret, 'x').validate({ token, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export function totpNow(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now });
}
