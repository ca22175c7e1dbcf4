import { kinds, opNames } from '@hub/model';
import { PROTO_KEYS, put, type KnownIds } from './hostile';
import { entityInput, fuzzEntities as entities } from './operation-args';
import type { Rng } from './prng';
import type { FuzzRequest } from './request';

const POLLUTE = ['fuzzPolluted', 'AssetEntity', 'password'];

/** Entities with file fields, for multipart saves. */
const withFiles = entities.filter((e) => Object.values(e.fields).some((f) => kinds[f.kind].upload));

function multipartBody(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]): {
  boundary: string;
  body: Buffer;
} {
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      p.filename !== undefined
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`
        : `Content-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

/** A GraphQL multipart save (files), with hostile maps, names, types and parts. */
export function multipartRequest(r: Rng, ids: KnownIds): FuzzRequest {
  const entity = r.pick(withFiles);
  const n = opNames(entity.name);
  const fileField = r.pick(Object.entries(entity.fields).filter(([, f]) => kinds[f.kind].upload))[0];
  const update = r.chance(0.3);
  const input = entityInput(r, ids, entity, update);
  input[fileField] = null;
  const operations = {
    query: `mutation($m: [${n.input}!]!) { r: ${update ? n.update : n.create}(${n.inputArg}: $m) { id ${fileField} { id fileName contentType size } } }`,
    variables: { m: [input] },
  };
  const mapKind = r.weighted<string>([
    [4, 'valid'],
    [1, 'proto'],
    [1, 'constructor'],
    [1, 'missing'],
    [0.5, 'deep'],
    [0.5, 'not-object'],
  ]);
  r.mark(`map:${mapKind}`);
  const target: Record<string, string[]> = {
    valid: [`variables.m.0.${fileField}`],
    // The run undoes a pollution of the test process right after the request that caused it.
    proto: [r.pick(['__proto__', 'variables.__proto__', 'variables.m.0.__proto__']) + '.' + r.pick(POLLUTE)],
    constructor: [r.pick(['constructor.prototype', 'variables.m.constructor.prototype']) + '.' + r.pick(POLLUTE)],
    missing: [r.pick(['variables.nothing.here', 'variables.m.7.file', '', '.', 'query'])],
    deep: [Array.from({ length: 500 }, () => 'a').join('.')],
    'not-object': ['variables.m.0.description.length'],
  };
  const map: Record<string, unknown> = {};
  put(map, '0', target[mapKind]);
  if (r.chance(0.1)) put(map, r.pick(PROTO_KEYS), [`variables.m.0.${fileField}`]);
  const content = r.pick([
    Buffer.from('%PDF-1.4\n%fuzz\n'),
    Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    Buffer.alloc(0),
  ]);
  const filename = r.pick([
    'report.pdf',
    '../../etc/passwd',
    'a\u0000b.pdf',
    'x'.repeat(300) + '.pdf',
    '😀.png',
    'evil.html',
    'C:\\windows\\win.ini',
    '"quoted".pdf',
  ]);
  if (filename.includes('\u0000') || filename.includes('..')) r.mark('file:hostile-name');
  const type = r.pick(['application/pdf', 'text/html', 'image/svg+xml', 'image/png', 'application/javascript', '', 'x/\u0000']);
  const parts: { name: string; value: string | Buffer; filename?: string; type?: string }[] = [
    { name: 'operations', value: r.chance(0.05) ? '{not json' : JSON.stringify(operations) },
    { name: 'map', value: r.chance(0.05) ? '[]' : JSON.stringify(map) },
    { name: '0', value: content, filename, type },
  ];
  if (r.chance(0.1)) {
    r.mark('multipart:unmapped-part');
    parts.push({ name: 'extra', value: Buffer.alloc(10_000, 1), filename: 'extra.bin' });
  }
  if (r.chance(0.05)) {
    r.mark('multipart:file-first');
    parts.reverse();
  }
  const { boundary, body } = multipartBody(parts);
  return {
    op: `multipart ${update ? 'update' : 'create'} ${entity.name}`,
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
    mutates: true,
    features: [],
  };
}
