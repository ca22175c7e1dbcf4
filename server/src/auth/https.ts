import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The header helmet would send, for a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Whether people reach the hub over HTTPS (PUBLIC_URL is an https:// address). */
export const httpsSite = (config: Pick<Config, 'publicUrl'>): boolean => config.publicUrl.startsWith('https://');

/**
 * The CSP's upgrade-insecure-requests, only for an HTTPS hub: on a plain-HTTP hub it
 * would send the browser to an HTTPS address nobody serves. (null removes helmet's default.)
 */
export const upgradeInsecureRequests = (config: Pick<Config, 'publicUrl'>): [] | null => (httpsSite(config) ? [] : null);

/**
 * Strict-Transport-Security only where HTTPS is real: the request came over HTTPS (as
 * Fastify sees it, so behind a TLS proxy only with TRUST_PROXY) or PUBLIC_URL is https.
 * Helmet's own HSTS is switched off: it sends the header on every response.
 */
export function strictTransportSecurity(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const always = httpsSite(config);
  app.addHook('onRequest', async (req, reply) => {
    if (always || req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify 5 treats a bare hop count as "trust
 * nothing" (it cannot check the immediate peer), which would make the setting a silent
 * no-op; a count here means what the README says: the nearest `n` hops are proxies of
 * ours, so the hub must be reachable only through them.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}
