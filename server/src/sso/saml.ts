import { DOMParser } from '@xmldom/xmldom';
import { escape as queryEscape } from 'node:querystring';
import { inflateRawSync } from 'node:zlib';
import { safePath } from '@hub/model';
import { SAML, type Profile } from '@node-saml/node-saml';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE, endSession } from '../auth/session';
import { startSession, clearSessionCookies } from '../auth/cookies';
import type { AuthEnv } from '../auth/env';
import { findUserByEmail } from '../crud/users';
import { DEFAULT_SAML_CLOCK_SKEW_SECONDS } from '../config';
import { isDatabaseUnavailable } from '../db/unavailable';
import { sendSsoRefusal } from './sso-page';

const NOT_CONFIGURED = 'Single sign-on is not configured on this hub. Sign in with your email and password at /admin_login.';
const SSO_UNEXPECTED =
  'Single sign-on could not be completed just now. Please try again in a moment, or sign in with your email and password.';
const SAML_ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** Query signatures accepted on the redirect binding: RSA with SHA-256 or stronger. */
const REDIRECT_SIG_ALGS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
]);
/** A logout request older than this (beyond the clock skew) is refused; newer ones are accepted once. */
const LOGOUT_REQUEST_MAX_AGE_MS = 10 * 60_000;
/** Largest inflated SAML message on the redirect binding (a deflate bomb stops here). */
const MAX_INFLATED = 500_000;
const REDIRECT_PARAMS = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;
type RedirectParam = (typeof REDIRECT_PARAMS)[number];

class LogoutRefused extends Error {}

const escapeXmlAttribute = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const quietParser = () => new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } });
const childElements = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name,
  );

/**
 * The Recipient of each bearer SubjectConfirmationData of an assertion (the signed assertion
 * node-saml verified); '' for one without a Recipient.
 */
function bearerRecipients(assertionXml: string): string[] {
  const assertion = quietParser().parseFromString(assertionXml, 'text/xml')?.documentElement;
  if (!assertion) return [];
  return childElements(assertion, SAML_ASSERTION_NS, 'Subject')
    .flatMap((subject) => childElements(subject, SAML_ASSERTION_NS, 'SubjectConfirmation'))
    .filter((confirmation) => confirmation.getAttribute('Method') === BEARER)
    .flatMap((confirmation) => childElements(confirmation, SAML_ASSERTION_NS, 'SubjectConfirmationData'))
    .map((data) => data.getAttribute('Recipient') ?? '');
}

/**
 * A return path as RelayState: the path of the hub, with `'` written as `%27` (the same path
 * to the hub) because a browser rewrites it so in a query, which would break the signature.
 */
const relayPath = (value: unknown) => safePath(value).replace(/'/g, '%27');

/**
 * A redirect-binding URL from node-saml with its SAML parameters written exactly as they were
 * signed (node-saml signs `querystring.stringify` but writes the URL with URLSearchParams,
 * which encodes characters such as `(` `)` `!` `~` differently; an identity provider
 * checks the signature over the query as sent).
 */
function asSigned(url: string): string {
  const target = new URL(url);
  const saml = (['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const)
    .filter((k) => target.searchParams.has(k))
    .map((k) => {
      const value = target.searchParams.get(k)!;
      target.searchParams.delete(k);
      return `${k}=${queryEscape(value)}`;
    });
  const rest = target.search.slice(1);
  target.search = '';
  return `${target.toString()}?${[rest, ...saml].filter(Boolean).join('&')}`;
}

/**
 * An attribute of the document's root element, read from the parsed document: the root is
 * the element the signature covers, so nothing outside it (a comment, a second element)
 * can stand in for its attributes.
 */
function rootAttribute(xml: string, element: string, name: string): string | null {
  const root = quietParser().parseFromString(xml, 'text/xml')?.documentElement;
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
 * must be signed (response and assertion), addressed to this hub's assertion consumer
 * (the response's Destination and the assertion's Recipient), for this hub's audience, in
 * their validity window (give or take the clock skew), and each assertion is accepted once.
 * With SAML_SP_KEY and SAML_SP_CERT the hub signs its own requests and logout messages.
 * Every URL this hub hands the identity provider is built from PUBLIC_URL, never from the
 * request's Host header. A refusal is a page in the hub's look with the way back to sign
 * in; every return path goes through the model's safePath.
 */
export function samlRoutes(app: FastifyInstance, env: AuthEnv): void {
  const cfg = env.config.saml;
  const publicUrl = env.config.publicUrl;
  const sloUrl = `${publicUrl}/Saml/SingleLogoutService`;
  const clockSkewMs = (cfg?.clockSkewSeconds ?? DEFAULT_SAML_CLOCK_SKEW_SECONDS) * 1000;
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
        acceptedClockSkewMs: clockSkewMs,
        validateInResponseTo: 'never' as never,
        disableRequestedAuthnContext: true,
        signatureAlgorithm: 'sha256',
        ...(cfg.spKey ? { privateKey: cfg.spKey } : {}),
      })
    : null;

  // A /Saml request the framework refuses before its handler (a body that is not a form, too
  // large or unreadable) or that fails unexpectedly is still a page in the hub's look, never
  // raw JSON; anything else of this scope goes on to the app's error handler.
  app.setErrorHandler((err, req, reply) => {
    if (!req.routeOptions.url?.startsWith('/Saml/')) throw err;
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500 || isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'Single sign-on failed unexpectedly');
      return sendSsoRefusal(reply, 503, 'Single sign-on failed', SSO_UNEXPECTED);
    }
    return sendSsoRefusal(
      reply,
      status,
      'Single sign-on failed',
      `Single sign-on failed: the request could not be read (${(err as Error).message}).`,
    );
  });

  /** What the sign-in page offers. */
  app.get('/api/authorization/providers', async () => ({ sso: !!saml, ssoLogout: !!cfg?.logoutUrl }));

  const unavailable = (reply: FastifyReply, returnPath?: unknown) =>
    sendSsoRefusal(reply, 503, 'Single sign-on is not available', NOT_CONFIGURED, returnPath);
  const signOnFailed = (reply: FastifyReply, status: number, message: string, returnPath?: unknown) =>
    sendSsoRefusal(reply, status, 'Single sign-on failed', message, returnPath);

  /** This hub's service provider metadata, for the identity provider's administrator. */
  app.get('/Saml/metadata', async (_req, reply) => {
    if (!saml) return unavailable(reply);
    // node-saml lists the POST binding of single logout; the redirect binding is accepted too.
    const xml = saml
      .generateServiceProviderMetadata(null, cfg?.spCert ?? null)
      .replace(
        /(\n?([ \t]*)<SingleLogoutService [^>]*\/>)/,
        (all, _element: string, indent: string) =>
          `${all}\n${indent}<SingleLogoutService Binding="${REDIRECT_BINDING}" Location="${escapeXmlAttribute(sloUrl)}"/>`,
      );
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  app.get<{ Querystring: { returnurl?: string } }>('/Saml/InitiateSingleSignOn', async (req, reply) => {
    if (!saml) return unavailable(reply, req.query.returnurl);
    const url = await saml.getAuthorizeUrlAsync(relayPath(req.query.returnurl), new URL(publicUrl).host, {});
    return reply.redirect(asSigned(url));
  });

  app.post<{ Body: { SAMLResponse?: string; RelayState?: string } }>('/Saml/AssertionConsumerService', async (req, reply) => {
    const body = req.body ?? {};
    // Where the person was going (this hub's own return path, sent out as RelayState): the refusal page keeps it.
    const back = body.RelayState;
    if (!saml || !cfg) return unavailable(reply, back);
    if (typeof body.SAMLResponse !== 'string') return signOnFailed(reply, 400, 'The identity provider sent no SAML response.', back);
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
    } catch (err) {
      req.log.warn({ err }, 'SAML response refused');
      return signOnFailed(reply, 401, `Single sign-on failed: ${(err as Error).message}`, back);
    }
    if (!profile) return signOnFailed(reply, 401, 'Single sign-on failed: no user in the response', back);
    // Both signed (the response and the assertion): read once node-saml verified them.
    const destination = rootAttribute(Buffer.from(body.SAMLResponse, 'base64').toString('utf8'), 'Response', 'Destination');
    if (destination !== cfg.callbackUrl) {
      req.log.warn({ destination }, 'SAML response refused: Destination');
      return signOnFailed(
        reply,
        401,
        destination === null
          ? `Single sign-on failed: the response names no Destination (it must be ${cfg.callbackUrl})`
          : `Single sign-on failed: the response is addressed to ${destination}, not to this hub's ${cfg.callbackUrl}`,
        back,
      );
    }
    const recipients = bearerRecipients(profile.getAssertionXml?.() ?? '');
    if (!recipients.includes(cfg.callbackUrl)) {
      req.log.warn({ recipients }, 'SAML response refused: Recipient');
      const named = recipients.filter(Boolean);
      return signOnFailed(
        reply,
        401,
        named.length
          ? `Single sign-on failed: the assertion is for ${named.join(', ')}, not for this hub's ${cfg.callbackUrl}`
          : `Single sign-on failed: the assertion names no Recipient (it must be ${cfg.callbackUrl})`,
        back,
      );
    }
    const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(profile.getAssertionXml?.() ?? '')?.[1];
    if (!assertionId) return signOnFailed(reply, 401, 'Single sign-on failed: the assertion has no ID', back);
    const { rows } = await env.db.query(
      `INSERT INTO saml_assertion (id, expires) VALUES ($1, now() + interval '1 day') ON CONFLICT (id) DO NOTHING RETURNING id`,
      [hashToken(`${profile.issuer}:${assertionId}`)],
    );
    if (!rows.length) return signOnFailed(reply, 401, 'Single sign-on failed: this assertion was already used', back);
    const email = String(profile.email ?? profile.mail ?? profile['urn:oid:0.9.2342.19200300.100.1.3'] ?? profile.nameID ?? '');
    const user = email ? await findUserByEmail(env.db, email) : null;
    if (!user || !user.active)
      return sendSsoRefusal(
        reply,
        403,
        'No hub account',
        'Single sign-on worked, but there is no active hub account for this user. Please contact your administrator.',
        back,
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
        relayPath(back),
        {},
      );
      return reply.redirect(asSigned(url));
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
    if (!saml || !cfg) return unavailable(reply);
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
        const destination = rootAttribute(xml, 'LogoutResponse', 'Destination');
        if (destination !== null && destination !== sloUrl) throw new LogoutRefused(`the LogoutResponse is addressed to ${destination}`);
        return reply.redirect(safePath(relayState));
      }
      const profile = result.profile;
      if (!profile?.nameID || !profile.ID) throw new LogoutRefused('the LogoutRequest names no user');
      const destination = rootAttribute(xml, 'LogoutRequest', 'Destination');
      if (destination === null) throw new LogoutRefused(`the LogoutRequest names no Destination (it must be ${sloUrl})`);
      if (destination !== sloUrl) throw new LogoutRefused(`the LogoutRequest is addressed to ${destination}`);
      const issued = Date.parse(rootAttribute(xml, 'LogoutRequest', 'IssueInstant') ?? '');
      if (!Number.isFinite(issued) || issued > Date.now() + clockSkewMs || issued < Date.now() - LOGOUT_REQUEST_MAX_AGE_MS - clockSkewMs)
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
      return reply.redirect(asSigned(url));
    } catch (err) {
      // After the signature checks, only our own refusals are the sender's fault; anything else is ours.
      if (validated && !(err instanceof LogoutRefused)) throw err;
      req.log.warn({ err }, 'SAML logout message refused');
      return sendSsoRefusal(reply, 400, 'Single logout refused', `Single logout refused: ${(err as Error).message}`);
    }
  }

  app.get('/Saml/SingleLogoutService', (req, reply) => singleLogout(req, reply, 'redirect'));
  app.post('/Saml/SingleLogoutService', (req, reply) => singleLogout(req, reply, 'post'));
}
