import { SAML, type Profile } from '@node-saml/node-saml';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE, endSession } from '../auth/session';
import { startSession, clearSessionCookies } from '../auth/cookies';
import type { AuthEnv } from '../auth/env';
import { findUserByEmail } from '../auth/users';

const NOT_CONFIGURED = 'Single sign-on is not configured on this hub. Sign in with your email and password at /admin_login.';
const safePath = (value: unknown) => (typeof value === 'string' && /^\/(?!\/)/.test(value) ? value : '/');

/**
 * Single sign-on and single logout through SAML 2.0, configured by environment. Responses
 * must be signed (response and assertion), for this hub's audience, in their validity
 * window, and each assertion is accepted once.
 */
export function samlRoutes(app: FastifyInstance, env: AuthEnv): void {
  const cfg = env.config.saml;
  const saml = cfg
    ? new SAML({
        entryPoint: cfg.entryPoint,
        logoutUrl: cfg.logoutUrl ?? cfg.entryPoint,
        idpCert: cfg.idpCert,
        issuer: cfg.issuer,
        callbackUrl: cfg.callbackUrl,
        audience: cfg.issuer,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: true,
        acceptedClockSkewMs: 60_000,
        validateInResponseTo: 'never' as never,
        disableRequestedAuthnContext: true,
        signatureAlgorithm: 'sha256',
      })
    : null;

  /** What the sign-in page offers. */
  app.get('/api/authorization/providers', async () => ({ sso: !!saml, ssoLogout: !!cfg?.logoutUrl }));

  const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ errors: [{ message }] });

  app.get<{ Querystring: { returnurl?: string } }>('/Saml/InitiateSingleSignOn', async (req, reply) => {
    if (!saml) return refuse(reply, 503, NOT_CONFIGURED);
    const url = await saml.getAuthorizeUrlAsync(safePath(req.query.returnurl), req.host, {});
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
    if (!user || !user.active) return refuse(reply, 403, 'Single sign-on worked, but there is no active hub account for this user. Please contact your administrator.');
    await startSession(env.db, env.config, req, reply, user, false);
    await env.db.query('UPDATE session SET saml_name_id = $2, saml_session_index = $3 WHERE id = $1', [
      hashToken(req.newSessionToken!),
      profile.nameID,
      profile.sessionIndex ?? null,
    ]);
    return reply.redirect(safePath(body.RelayState));
  });

  app.get<{ Querystring: { returnurl?: string } }>('/Saml/InitiateSingleLogout', async (req: FastifyRequest<{ Querystring: { returnurl?: string } }>, reply) => {
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
    const url = await saml.getLogoutUrlAsync(
      { issuer: cfg.issuer, nameID: nameId, nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress', sessionIndex: sessionIndex ?? undefined },
      back,
      {},
    );
    return reply.redirect(url);
  });

  /** The identity provider's answer to single logout: back to where the user asked to go. */
  app.get<{ Querystring: { RelayState?: string } }>('/Saml/SingleLogoutService', async (req, reply) => reply.redirect(safePath(req.query.RelayState)));

}
