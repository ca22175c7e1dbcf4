import { allEntities, enums, getEntity, snake } from '@hub/model';
import type { FuzzRequest } from './request';
import { condition } from './operation-args';
import { PROTO_KEYS, deepNesting, hostileString, hostileValue, put, someId, type KnownIds } from './hostile';
import type { Rng } from './prng';

export interface Route {
  method: FuzzRequest['method'];
  /** OpenAPI form: /api/files/{id} */
  path: string;
}

/** The REST routes the hub describes at /api/swagger/json, plus the single sign-on routes it hides there. */
export function routesFromOpenApi(doc: { paths: Record<string, Record<string, unknown>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path === '/api/graphql') continue; // generated from the model instead
    for (const method of Object.keys(ops)) {
      const m = method.toUpperCase();
      if (m === 'GET' || m === 'POST' || m === 'PUT' || m === 'DELETE' || m === 'PATCH') routes.push({ method: m, path });
    }
  }
  for (const [method, path] of [
    ['GET', '/Saml/metadata'],
    ['GET', '/Saml/InitiateSingleSignOn'],
    ['POST', '/Saml/AssertionConsumerService'],
    ['GET', '/Saml/InitiateSingleLogout'],
    ['GET', '/Saml/SingleLogoutService'],
    ['POST', '/Saml/SingleLogoutService'],
  ] as const)
    routes.push({ method, path });
  return routes;
}

const entityNames = allEntities().map((e) => e.name);
const kebab = (name: string) => snake(name).replace(/_/g, '-');
const formTypes = Object.keys((enums as Record<string, { values: Record<string, string> }>).FormType?.values ?? { RISK_ASSESSMENT: '' });

/** Percent-encodes, sending a lone surrogate as the invalid UTF-8 bytes it would be. */
function enc(s: string): string {
  return s
    .replace(/[\ud800-\udfff]/g, '\u0000LONE')
    .split('\u0000LONE')
    .map(encodeURIComponent)
    .join('%ED%A0%80');
}

function pathParam(r: Rng, ids: KnownIds, name: string): string {
  if (r.chance(0.25)) {
    r.mark('param:hostile');
    return enc(hostileString(r).slice(0, 3000));
  }
  switch (name) {
    case 'entity':
      return r.chance(0.5)
        ? r.pick(entityNames)
        : r.chance(0.5)
          ? kebab(r.pick(entityNames))
          : r.pick([...PROTO_KEYS, 'toString', 'mehub-account-entity']);
    case 'formType':
      return r.chance(0.7) ? r.pick(formTypes) : r.pick([...PROTO_KEYS, 'risk_assessment', 'hasOwnProperty']);
    case 'formId':
      return someId(r, ids, 'FormsEntity');
    default:
      return r.chance(0.7) ? someId(r, ids) : r.pick(['%00', '..%2F..%2Fetc%2Fpasswd', '%zz', '%', 'a%2Fb']);
  }
}

/** Query keys the routes read, and hostile ones. */
const QUERY_KEYS = [
  'redirect',
  'clean',
  'userName',
  'to',
  'download',
  'stringConditions',
  'returnurl',
  'RelayState',
  'SAMLRequest',
  'SAMLResponse',
];

function queryString(r: Rng, ids: KnownIds): string {
  const pairs: string[] = [];
  const n = r.int(4);
  for (let i = 0; i < n; i++) {
    const kind = r.weighted<string>([
      [5, 'known'],
      [1, 'proto'],
      [1, 'raw'],
      [0.5, 'repeat'],
    ]);
    if (kind === 'known') {
      const key = r.pick(QUERY_KEYS);
      let value: string;
      if (key === 'stringConditions' && r.chance(0.7)) {
        const entity = allEntities()[r.int(allEntities().length)];
        value = JSON.stringify(r.chance(0.8) ? [[condition(r, ids, entity)]] : hostileValue(r, ids));
      } else if ((key === 'redirect' || key === 'returnurl') && r.chance(0.6)) {
        r.mark('query:redirect');
        value = r.pick([
          '/\\evil.example',
          '/\t/evil.example',
          '//evil.example',
          'https://evil.example',
          '/%5Cevil.example',
          '/\u0000',
          'javascript:alert(1)',
          '/admin',
        ]);
      } else value = hostileString(r).slice(0, 5000);
      pairs.push(`${key}=${enc(value.slice(0, 20_000))}`);
    } else if (kind === 'proto') {
      r.mark('query:proto-key');
      pairs.push(`${r.pick(['__proto__[polluted]', 'constructor[prototype][polluted]', '__proto__.polluted', 'constructor'])}=1`);
    } else if (kind === 'raw') {
      r.mark('query:raw-encoding');
      pairs.push(r.pick(['a=%00', 'redirect=%zz', 'to=%', `userName=${'%41'.repeat(2000)}`, 'clean=%E0%A4%A', 'a[b][c][d][e][f][g]=1']));
    } else {
      r.mark('query:repeated-key');
      const key = r.pick(QUERY_KEYS);
      pairs.push(`${key}=a`, `${key}=b`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Body keys the routes read (REST bodies are small objects), plus the users list's nested options. */
const BODY_KEYS = [
  'username',
  'password',
  'rememberMe',
  'token',
  'method',
  'rememberTwoFactor',
  'userName',
  'Username',
  'name',
  'id',
  'email',
  'confirmPassword',
  'firstname',
  'surname',
  'mobileNumber',
  'submissionId',
  'SubmissionId',
  'TimeZoneId',
  'ids',
  'conditions',
  'excludedIds',
  'showNotification',
  'PaginationOptions',
  'SearchConditions',
  'SortConditions',
  'SAMLResponse',
  'RelayState',
];

const DEMO_EMAILS = [
  'safetymanager@sparkright.example',
  'worker@sparkright.example',
  'safetymanager@voltline.example',
  'admin@hub.example',
  'super@hub.example',
  'nobody@example.org',
];

function bodyValue(r: Rng, ids: KnownIds, key: string): unknown {
  if (r.chance(0.45)) return hostileValue(r, ids);
  switch (key) {
    case 'username':
    case 'userName':
    case 'Username':
    case 'email':
      return r.pick(DEMO_EMAILS);
    case 'password':
    case 'confirmPassword':
      return r.pick(['demo-password-12', 'wrong-password-12', 'short']);
    case 'id':
    case 'submissionId':
    case 'SubmissionId':
      return someId(r, ids, r.chance(0.7) ? 'FormSubmissionsEntity' : undefined);
    case 'ids':
    case 'excludedIds':
      return [someId(r, ids, 'FormSubmissionsEntity')];
    case 'conditions':
      return r.chance(0.5)
        ? [[condition(r, ids, getEntity('FormSubmissionsEntity'))]]
        : JSON.stringify([[{ path: 'id', comparison: 'notEqual', value: ['x'] }]]);
    case 'TimeZoneId':
      return r.pick(['UTC', 'Australia/Sydney', 'Mars/Olympus', '../../etc/localtime', '']);
    case 'method':
      return r.pick(['authenticator', 'email', 'sms', '__proto__']);
    case 'PaginationOptions':
      return { PageNo: r.pick([1, 0, -1, 2147483648]), PageSize: r.pick([10, 0, 100000, -1]) };
    case 'SearchConditions':
      return [condition(r, ids, getEntity('MehubAccountEntity'))];
    case 'SortConditions':
      return [{ path: r.pick(['email', '__proto__', 'constructor', 'a'.repeat(100)]), descending: r.chance(0.5) }];
    case 'rememberMe':
    case 'rememberTwoFactor':
    case 'showNotification':
      return r.chance(0.5);
    default:
      return hostileString(r);
  }
}

function jsonBody(r: Rng, ids: KnownIds): string {
  const shape = r.weighted<string>([
    [8, 'object'],
    [1, 'not-object'],
    [1, 'malformed'],
    [0.5, 'deep'],
  ]);
  if (shape === 'not-object') {
    r.mark('body:not-object');
    return r.pick(['[]', 'null', '"text"', '42', 'true', '[{"id":1}]']);
  }
  if (shape === 'malformed') {
    r.mark('body:malformed-json');
    return r.pick(['{', '{"a":', '{"a":1,}', "{'a':1}", '\u0000', '{"a":"\\ud800"}', '{"a":1}{"b":2}']);
  }
  if (shape === 'deep') return JSON.stringify({ username: 'x', nested: deepNesting(r) });
  const body: Record<string, unknown> = {};
  for (const key of r.subset(BODY_KEYS, 6)) body[key] = bodyValue(r, ids, key);
  if (r.chance(0.15)) {
    const key = r.pick(PROTO_KEYS);
    r.mark(`body-key:${key}`);
    put(body, key, key === 'constructor' ? { prototype: { polluted: 'yes' } } : { polluted: 'yes', isAdmin: true });
  }
  return JSON.stringify(body);
}

const SAML_XML = [
  // An entity expansion (billion laughs) and an external entity.
  '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&d;</samlp:Response>',
  '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_1" Version="2.0">&x;</samlp:Response>',
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_1" Version="2.0" IssueInstant="2026-01-01T00:00:00Z"><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:Response>',
  '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_2" Version="2.0"><saml:NameID xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">safetymanager@voltline.example</saml:NameID></samlp:LogoutRequest>',
  '<a>\u0000</a>',
  'not xml at all',
  '<' + '<a>'.repeat(5000),
];

/** A single sign-on form post: hostile SAML XML, base64 or not. */
function samlForm(r: Rng): string {
  const xml = r.pick(SAML_XML);
  r.mark('saml:xml');
  const field = r.pick(['SAMLResponse', 'SAMLRequest']);
  const value = r.chance(0.8) ? Buffer.from(xml).toString('base64') : r.pick(['%%%', '', xml]);
  return `${field}=${enc(value)}&RelayState=${enc(r.pick(['/home', '//evil.example', '/\\evil.example', hostileString(r).slice(0, 200)]))}`;
}

/** A request to one REST route, with hostile parameters, query and body. */
export function restRequest(r: Rng, ids: KnownIds, routes: Route[]): FuzzRequest {
  const route = r.pick(routes);
  const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathParam(r, ids, name)) + queryString(r, ids);
  const req: FuzzRequest = {
    op: `rest ${route.method} ${route.path}`,
    method: route.method,
    url,
    headers: {},
    mutates: route.method !== 'GET',
    features: [],
  };
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    const type = r.weighted<string>([
      [route.path.startsWith('/Saml/') ? 12 : 0, 'form'],
      [8, 'json'],
      [1, 'form'],
      [0.5, 'text'],
      [0.5, 'none'],
    ]);
    if (type === 'json') {
      req.headers['content-type'] = 'application/json';
      req.payload = jsonBody(r, ids);
    } else if (type === 'form' && route.path.startsWith('/Saml/')) {
      req.headers['content-type'] = 'application/x-www-form-urlencoded';
      req.payload = samlForm(r);
    } else if (type === 'form') {
      r.mark('body:form');
      req.headers['content-type'] = 'application/x-www-form-urlencoded';
      req.payload = r.pick([
        'username=a%00b&password=x',
        '__proto__[polluted]=1',
        'SAMLResponse=%zz',
        `SAMLResponse=${Buffer.from('<x/>').toString('base64')}`,
        'a[b]=1&a[b]=2',
      ]);
    } else if (type === 'text') {
      r.mark('body:text');
      req.headers['content-type'] = 'text/plain';
      req.payload = hostileString(r);
    }
  }
  return req;
}
