import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import pkg from '../../package.json';
import { authMessages } from '../auth/env';
import { UnauthenticatedError } from '../core/errors';

/** The server's first non-internal IPv4 address, or 127.0.0.1 when it has none. */
export function serverAddress(): string {
  for (const list of Object.values(networkInterfaces()))
    for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) return net.address;
  return '127.0.0.1';
}

/** GET /api/version: the dashboard's 'bot version {ip}' line, for signed-in users. */
export function versionRoutes(app: FastifyInstance): void {
  app.get('/api/version', async (req) => {
    if (!req.caller || req.caller.kind === 'token') throw new UnauthenticatedError(authMessages.notSignedIn);
    return { version: pkg.version, ip: serverAddress() };
  });
}
