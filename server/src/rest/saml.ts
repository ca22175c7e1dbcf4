import { DOMParser } from '@xmldom/xmldom';
import { inflateRawSync } from 'node:zlib';
import { SAML, type Profile } from '@node-saml/node-saml';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE, endSession } from '../auth/session';
import { startSession, clearSessionCookies } from '../auth/cookies';
import type { AuthEnv } from '../auth/env';
import { findUserByEmail } from '../auth/users';

const NOT_CONFIGURED = 'Single sign-on is not configured on this hub. Sign in with your email and password at /admin_login.';
const safePath = (value: unknown) => (typeof value === 'string' && /^\/(?!\/)/.test(value) ? value : '/');

/** Query signatures accepted on the redirect binding: RSA with SHA-256 or stronger. */
const REDIRECT_SIG_ALGS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
]);
/** A logout request older than this (beyond the clock skew) is refused; newer ones are accepted once. */
const LOGOUT_REQUEST_MAX_AGE_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 60_000;
/** Largest inflated SAML message on the redirect binding (a deflate bomb stops here). */
const MAX_INFLATED = 500_000;
const REDIRECT_PARAMS = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;
type RedirectParam = (typeof REDIRECT_PARAMS)[number];

class LogoutRefused extends Error {}

/**
 * An attribute of the document's root element, read from the parsed document: the root is
 * the element the signature covers, so nothing outside it (a comment, a second element)
 * can stand in for its attributes.
 */
function rootAttribute(xml: string, element: string, name: string): string | null {
  const root = new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(
    xml,
    'text/xml',
  )?.documentElement;
  if (!root || root.localName !== element || !root.hasAttribute(name)) return null;
  return root.getAttribute(name);
}

/**
 * The redirect binding's query, read from the raw URL: each parameter at most once, and the
 * signed part rebuilt from the raw (still encoded) tokens in the order the signature covers,
 * so what node-saml verifies is exactly what is then processed.
 */
function redirectMessage(rawUrl: string): { container: Partial<Record<RedirectParam, string>>; signedQuery: string } {
  const raw = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  const tokens: Partial<Record<RedirectParam, string>> = {};
  const container: Partial<Record<RedirectParam, string>> = {};
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      throw new LogoutRefused('the query is not valid URL encoding');
    }
  };
  for (const token of raw.split('&')) {
    if (!token) continue;
    const eq = token.indexOf('=');
    const key = decode(eq < 0 ? token : token.slice(0, eq)) as RedirectParam;
    if (!REDIRECT_PARAMS.includes(key)) continue;
    if (tokens[key] !== undefined) throw new LogoutRefused(`${key} is given more than once`);
    tokens[key] = token;
    container[key] = decode(eq < 0 ? '' : token.slice(eq + 1));
  }
  if (!container.Signature || !container.SigAlg) throw new LogoutRefused('the message is not signed');
  if (!REDIRECT_SIG_ALGS.has(container.SigAlg)) throw new LogoutRefused(`the signature algorithm ${container.SigAlg} is not accepted`);
  const message = tokens.SAMLRequest ?? tokens.SAMLResponse;
  const signedQuery = [message, tokens.RelayState, tokens.SigAlg, tokens.Signature].filter((t) => t !== undefined).join('&');
  return { container, signedQuery };
}

/**
 * Single sign-on and single logout through SAML 2.0, configured by environment. Responses
 * must be signed (response and assertion), for this hub's audience, in their validity
 * window, and each assertion is accepted once. Every URL this hub hands the identity
 * provider is built from PUBLIC_URL, never from the request's Host header.
 */
export function samlRoutes(app: FastifyInstance, env: AuthEnv): void {
  const cfg = env.config.saml;
  const publicUrl = env.config.publicUrl;
  const sloUrl = `${publicUrl}/Saml/SingleLogoutService`;
  const saml = cfg
    ? new SAML({
        entryPoint: cfg.entryPoint,
        logoutUrl: cfg.logoutUrl ?? cfg.entryPoint,
        logoutCallbackUrl: sloUrl,
        idpCert: cfg.idpCert,
        issuer: cfg.issuer,
        callbackUrl: cfg.callbackUrl,
        audience: cfg.issuer,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: true,
        acceptedClockSkewMs: CLOCK_SKEW_MS,
        validateInResponseTo: 'never' as never,
        disableRequestedAuthnContext: true,
        signatureAlgorithm: 'sha256',
      })
    : null;

  /** What the sign-in page offers. */
  app.get('/api/authorization/providers', async () => ({ sso: !!saml, ssoLogout: !!cfg?.logoutUrl }));

  const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ errors: [{ message }] });

  /** This hub's service provider metadata, for the identity provider's administrator. */
  app.get('/Saml/metadata', async (_req, reply) => {
    if (!saml) return refuse(reply, 503, NOT_CONFIGURED);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(saml.generateServiceProviderMetadata(null, null));
  });

  app.get<{ Querystring: { returnurl?: string } }>('/Saml/InitiateSingleSignOn', async (req, reply) => {
    if (!saml) return refuse(reply, 503, NOT_CONFIGURED);
    const url = await saml.getAuthorizeUrlAsync(safePath(req.query.returnurl), new URL(publicUrl).host, {});
    return reply.redirect(url);
  });

  app.post<{ Body: { SAMLResponse?: string; RelayState?: string } }>('/Saml/AssertionConsumerService', async (req, reply) => {
    if (!saml) return refuse(reply, 503, NOT_CONFIGURED);
    const body = req.body ?? {};
    if (typeof body.SAMLResponse !== 'string') return refuse(reply, 400, 'The identity provider sent no SAML response');
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
    } catch (err) {
      req.log.warn({ err }, 'SAML response refused');
      return refuse(reply, 401, `Single sign-on failed: ${(err as Error).message}`);
    }
    if (!profile) return refuse(reply, 401, 'Single sign-on failed: no user in the response');
    const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(profile.getAssertionXml?.() ?? '')?.[1];
    if (!assertionId) return refuse(reply, 401, 'Single sign-on failed: the assertion has no ID');
    const { rows } = await env.db.query(
      `INSERT INTO saml_assertion (id, expires) VALUES ($1, now() + interval '1 day') ON CONFLICT (id) DO NOTHING RETURNING id`,
      [hashToken(`${profile.issuer}:${assertionId}`)],
    );
    if (!rows.length) return refuse(reply, 401, 'Single sign-on failed: this assertion was already used');
    const email = String(profile.email ?? profile.mail ?? profile['urn:oid:0.9.2342.19200300.100.1.3'] ?? profile.nameID ?? '');
    const user = email ? await findUserByEmail(env.db, email) : null;
    if (!user || !user.active)
      return refuse(
        reply,
        403,
        'Single sign-on worked, but there is no active hub account for this user. Please contact your administrator.',
      );
    await startSession(env.db, env.config, req, reply, user, false);
    await env.db.query('UPDATE session SET saml_name_id = $2, saml_session_index = $3 WHERE id = $1', [
      hashToken(req.newSessionToken!),
      profile.nameID,
      profile.sessionIndex ?? null,
    ]);
    return reply.redirect(safePath(body.RelayState));
  });

  app.get<{ Querystring: { returnurl?: string } }>(
    '/Saml/InitiateSingleLogout',
    async (req: FastifyRequest<{ Querystring: { returnurl?: string } }>, reply) => {
      const back = safePath(req.query.returnurl);
      const token = req.cookies[SESSION_COOKIE];
      let nameId: string | null = null;
      let sessionIndex: string | null = null;
      if (token) {
        const { rows } = await env.db.query<{ saml_name_id: string | null; saml_session_index: string | null }>(
          'SELECT saml_name_id, saml_session_index FROM session WHERE id = $1',
          [hashToken(token)],
        );
        nameId = rows[0]?.saml_name_id ?? null;
        sessionIndex = rows[0]?.saml_session_index ?? null;
        await endSession(env.db, token);
      }
      clearSessionCookies(req, reply);
      if (!saml || !cfg?.logoutUrl || !nameId) return reply.redirect(back);
      // The return path travels as RelayState and comes back with the identity provider's LogoutResponse.
      const url = await saml.getLogoutUrlAsync(
        {
          issuer: cfg.issuer,
          nameID: nameId,
          nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          sessionIndex: sessionIndex ?? undefined,
        },
        back,
        {},
      );
      return reply.redirect(url);
    },
  );

  /**
   * The single logout endpoint, on the redirect (GET) and POST bindings. It takes either
   * - the identity provider's LogoutResponse to our own logout: validated, then back to the
   *   return path the user asked for (RelayState), or
   * - an identity-provider-initiated LogoutRequest: signature checked against the IdP
   *   certificate, fresh, addressed to us and used once; then every hub session of that
   *   NameID's user ends on the server and the IdP gets a LogoutResponse.
   * Anything unsigned, tampered, stale or replayed is a 400 and ends nothing.
   */
  async function singleLogout(req: FastifyRequest, reply: FastifyReply, binding: 'redirect' | 'post') {
    if (!saml || !cfg) return refuse(reply, 503, NOT_CONFIGURED);
    let kind: 'request' | 'response';
    let relayState: string | undefined;
    let xml: string;
    let result: { profile: Profile | null; loggedOut: boolean };
    let validated = false;
    try {
      if (binding === 'redirect') {
        const { container, signedQuery } = redirectMessage(req.url);
        if (!!container.SAMLRequest === !!container.SAMLResponse) throw new LogoutRefused('expected one SAMLRequest or SAMLResponse');
        kind = container.SAMLRequest ? 'request' : 'response';
        relayState = container.RelayState;
        try {
          xml = inflateRawSync(Buffer.from((container.SAMLRequest ?? container.SAMLResponse)!, 'base64'), {
            maxOutputLength: MAX_INFLATED,
          }).toString('utf8');
        } catch {
          throw new LogoutRefused('the message is not a deflated SAML message');
        }
        result = await saml.validateRedirectAsync(container, signedQuery);
      } else {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const message = body.SAMLRequest ?? body.SAMLResponse;
        if (typeof message !== 'string' || (body.SAMLRequest !== undefined && body.SAMLResponse !== undefined))
          throw new LogoutRefused('expected one SAMLRequest or SAMLResponse');
        if (body.RelayState !== undefined && typeof body.RelayState !== 'string') throw new LogoutRefused('RelayState must be text');
        kind = body.SAMLRequest !== undefined ? 'request' : 'response';
        relayState = body.RelayState as string | undefined;
        xml = Buffer.from(message, 'base64').toString('utf8');
        // Both check the XML signature of the whole message against the IdP certificate.
        result =
          kind === 'request'
            ? await saml.validatePostRequestAsync({ SAMLRequest: message })
            : await saml.validatePostResponseAsync({ SAMLResponse: message });
      }
      validated = true;
      if (kind === 'response') {
        if (result.profile || !result.loggedOut || !/<(?:[\w.-]+:)?LogoutResponse\b/.test(xml))
          throw new LogoutRefused('this is not a LogoutResponse');
        const status = /<(?:[\w.-]+:)?StatusCode\b[^>]*?\sValue\s*=\s*"([^"]*)"/.exec(xml)?.[1];
        if (status !== 'urn:oasis:names:tc:SAML:2.0:status:Success')
          throw new LogoutRefused(`the identity provider answered ${status ?? 'without a status'}`);
        return reply.redirect(safePath(relayState));
      }
      const profile = result.profile;
      if (!profile?.nameID || !profile.ID) throw new LogoutRefused('the LogoutRequest names no user');
      const destination = rootAttribute(xml, 'LogoutRequest', 'Destination');
      if (destination !== null && destination !== sloUrl) throw new LogoutRefused(`the LogoutRequest is addressed to ${destination}`);
      const issued = Date.parse(rootAttribute(xml, 'LogoutRequest', 'IssueInstant') ?? '');
      if (
        !Number.isFinite(issued) ||
        issued > Date.now() + CLOCK_SKEW_MS ||
        issued < Date.now() - LOGOUT_REQUEST_MAX_AGE_MS - CLOCK_SKEW_MS
      )
        throw new LogoutRefused('the LogoutRequest has expired');
      const { rows } = await env.db.query(
        `INSERT INTO saml_assertion (id, expires) VALUES ($1, now() + interval '1 day') ON CONFLICT (id) DO NOTHING RETURNING id`,
        [hashToken(`logout:${profile.issuer}:${profile.ID}`)],
      );
      if (!rows.length) throw new LogoutRefused('this LogoutRequest was already used');
      // Every session of the user: those signed in through this NameID, and the account it names.
      const user = await findUserByEmail(env.db, profile.nameID);
      await env.db.query('DELETE FROM session WHERE saml_name_id = $1 OR user_id = $2', [profile.nameID, user?.id ?? null]);
      clearSessionCookies(req, reply);
      // RelayState here is the identity provider's own state, handed back to it unchanged.
      const url = await saml.getLogoutResponseUrlAsync(profile, relayState ?? '', {}, true);
      return reply.redirect(url);
    } catch (err) {
      // After the signature checks, only our own refusals are the sender's fault; anything else is ours.
      if (validated && !(err instanceof LogoutRefused)) throw err;
      req.log.warn({ err }, 'SAML logout message refused');
      return refuse(reply, 400, `Single logout refused: ${(err as Error).message}`);
    }
  }

  app.get('/Saml/SingleLogoutService', (req, reply) => singleLogout(req, reply, 'redirect'));
  app.post('/Saml/SingleLogoutService', (req, reply) => singleLogout(req, reply, 'post'));
}
