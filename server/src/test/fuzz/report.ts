import type { FuzzRequest } from './request';

export type FailureKind =
  | 'server-error-5xx'
  | 'graphql-unexpected-error'
  | 'error-without-message'
  | 'request-threw'
  | 'prototype-pollution'
  | 'protected-row-changed'
  | 'protected-row-deleted'
  | 'row-in-other-organisation'
  | 'cross-organisation-reference'
  | 'shared-row-linked'
  | 'control-request-failed'
  | 'not-refused-as-expected'
  | 'too-slow';

export interface Failure {
  kind: FailureKind;
  /** Number of the request in the run (0-based), or -1 for checks after a window or the run. */
  index: number;
  caller: string;
  request?: FuzzRequest;
  status?: number;
  message: string;
  /** For database checks: the requests of the window that may have caused it. */
  suspects?: string[];
}

/** A request as a reader can replay it: method, URL, caller, body (shortened). */
export function describeRequest(req: FuzzRequest, caller: string, max = 700): string {
  let body = '';
  if (req.payload !== undefined) {
    const text = Buffer.isBuffer(req.payload) ? req.payload.toString('utf8') : req.payload;
    const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}...(${text.length} chars)` : text);
    body = ` body=${shown}`;
  }
  const ct = req.headers['content-type'] ? ` [${req.headers['content-type'].split(';')[0]}]` : '';
  const url = req.url.length > 300 ? `${req.url.slice(0, 300)}...(${req.url.length} chars)` : req.url;
  return `${req.method} ${url} as ${caller}${ct}${body}`;
}

/** Input classes that explain a failure better than the operation does, most telling first. */
const CAUSES = [
  'path:__proto__',
  'path:constructor',
  'path:prototype',
  'path:proto-nested',
  'path:toString',
  'path:hasOwnProperty',
  'path:valueOf',
  'path:__defineGetter__',
  'path:deep',
  'map:',
  'str:nul',
  'str:backslash-end',
  'str:lone-surrogate',
  'input:over-limit',
  'where:many-values',
];

/** One class per kind, operation and message shape (ids, numbers and quoted values left out). */
function classOf(f: Failure): string {
  const raw =
    f.kind === 'error-without-message' ? `${f.status} ${/"code":"(\w+)"/.exec(f.message)?.[1] ?? f.message.slice(0, 60)}` : f.message;
  const message = raw
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/'[^']*'/g, "'…'")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
  const op = f.request ? f.request.op.replace(/ [A-Z]\w+$/, ' <Entity>') : '';
  if (f.kind === 'prototype-pollution') return `${f.kind} | ${op} | ${f.message.replace(/\.\w+ added \(.*$/, '.<key> added')}`;
  // A failing request names its likely cause among its inputs, when one is known to be hostile in a way that matters.
  const cause = f.request?.features.find((x) => CAUSES.some((c) => x.startsWith(c)));
  if (cause && (f.kind === 'graphql-unexpected-error' || f.kind === 'server-error-5xx')) return `${f.kind} | ${cause} | ${message}`;
  return `${f.kind} | ${op} | ${message}`;
}

export function groupFailures(failures: Failure[]): Map<string, Failure[]> {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = classOf(f);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return groups;
}

/** The report printed when the run fails: every class, what its requests share, its first few. */
export function formatReport(failures: Failure[], seed: number, requests: number, examples: number): string {
  const groups = [...groupFailures(failures)].sort((a, b) => b[1].length - a[1].length);
  const lines = [
    `Fuzz run with FUZZ_SEED=${seed} FUZZ_REQUESTS=${requests}: ${failures.length} failures in ${groups.length} classes.`,
    `Replay with: FUZZ_SEED=${seed} FUZZ_REQUESTS=${requests} npx vitest run --project server server/src/test/fuzz.api.test.ts`,
  ];
  for (const [key, list] of groups) {
    const withFeatures = list.filter((f) => f.request);
    const common = withFeatures.length
      ? withFeatures.map((f) => new Set(f.request!.features)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))))
      : new Set<string>();
    lines.push('', `== ${key}  (${list.length}x)${common.size ? `  shared inputs: ${[...common].join(', ')}` : ''}`);
    for (const f of list.slice(0, examples)) {
      lines.push(`  #${f.index} ${f.request ? describeRequest(f.request, f.caller) : `as ${f.caller}`}`);
      lines.push(`     -> ${f.status ?? ''} ${f.message.slice(0, 500)}`);
      for (const s of f.suspects ?? []) lines.push(`     suspect: ${s}`);
    }
  }
  return lines.join('\n');
}
