import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The workspace ('model', 'server', 'web') a file lies in, or null outside them. */
function workspaceOf(file) {
  const top = path.relative(root, file).split(path.sep)[0];
  return ['model', 'server', 'web'].includes(top) ? top : null;
}

/** The package an import names ('zod' for 'zod/mini', '@hub/server' for '@hub/server/x'). */
function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

// Packages `model/` may use: pure code only (no file, network, database, server or UI).
/** ESLint visitors calling `check` with the module specifier of every import, export-from and import type. */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node.source),
    ExportNamedDeclaration: (node) => check(node.source),
    ExportAllDeclaration: (node) => check(node.source),
    ImportExpression: (node) => check(node.source),
    TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
  };
}

const modelPackages = new Set(['@hub/model', 'zod', 'dayjs']);
// What model's own tests may use besides.
const modelTestPackages = new Set(['vitest']);

/**
 * The boundaries of docs/architecture.md, checked on every import, export-from and
 * dynamic import: `model/` imports no I/O (only its own files and pure packages),
 * `web/` never imports `server/`, `server/` never imports `web/`.
 */
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = workspaceOf(context.filename);
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const spec = node.value;
      const relative = spec.startsWith('.') || spec.startsWith('/');
      const target = relative ? workspaceOf(path.resolve(path.dirname(context.filename), spec)) : null;
      const pkg = relative ? null : packageOf(spec);
      let message = null;
      if (from === 'model') {
        if (relative ? target !== 'model' : !modelPackages.has(pkg) && !(isTest && modelTestPackages.has(pkg))) {
          message = `model/ imports no I/O: '${spec}' is not allowed here (only model's own files and pure packages: ${[...modelPackages].join(', ')}).`;
        }
      } else if (from === 'web' && (target === 'server' || pkg === '@hub/server')) {
        message = `web/ never imports from server/ ('${spec}'): share the code through model/.`;
      } else if (from === 'server' && (target === 'web' || pkg === '@hub/web')) {
        message = `server/ never imports from web/ ('${spec}'): share the code through model/.`;
      }
      if (message) context.report({ node, message });
    };
    return importVisitors(check);
  },
};

/**
 * The server's layers, lowest first, written once: a file imports only its own folder and the
 * folders of lower layers (types included). Folders on one line are peers that never import each
 * other (the feature folders share through a lower layer). `config` is server/src/config.ts, `app`
 * is app.ts and main.ts. Tests (`*.test.ts` and server/src/test/) may import any layer.
 */
const serverLayers = [
  ['core', 'config'], // transport-neutral errors, string guards; settings
  ['kinds'], // the server's table of field kinds: column, GraphQL type, SQL codec, filter
  ['db'], // connection, tables, migrations, SQL parameters and database error translation
  ['mail'],
  ['files'], // storage, upload limits and staging
  ['access'], // who may do what, and which rows they see
  ['auth'], // sessions, passwords, tokens, anti-forgery
  ['crud'], // the only data access path for entities
  ['graphql'],
  ['rest'], // REST plumbing (body parsing, OpenAPI) and the generic spec areas
  ['accounts', 'forms', 'integration', 'jobs', 'member', 'records', 'site', 'sso', 'timelines'], // feature folders: routes, hooks and tests together
  ['seed'],
  ['app'],
];
const layerRank = new Map(serverLayers.flatMap((folders, rank) => folders.map((folder) => [folder, rank])));
const serverSource = path.join(root, 'server', 'src');

/**
 * Imports that still cross the layers the wrong way, each with the work that removes it. Keep
 * this list short: a new entry needs the same justification.
 */
const knownCrossings = new Set([]);

/** The layer folder of a file under server/src ('app' for app.ts and main.ts), or null outside it. */
function serverFolderOf(file) {
  const rel = path.relative(serverSource, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length > 1) return parts[0];
  return parts[0].replace(/\.tsx?$/, '') === 'config' ? 'config' : 'app';
}

/** The server file an import names, with its extension ('.ts' or '/index.ts'). */
function resolveServerFile(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  if (/\.(ts|tsx|json)$/.test(base)) return base;
  return fs.existsSync(`${base}.ts`)
    ? `${base}.ts`
    : fs.existsSync(path.join(base, 'index.ts'))
      ? path.join(base, 'index.ts')
      : `${base}.ts`;
}

const layers = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = serverFolderOf(context.filename);
    if (!from || from === 'test' || /\.test\.tsx?$/.test(context.filename)) return {};
    const fromRank = layerRank.get(from);
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      if (fromRank === undefined) {
        context.report({ node, message: `server/src/${from}/ has no layer: add it to serverLayers in eslint.config.js.` });
        return;
      }
      const target = resolveServerFile(context.filename, node.value);
      const to = serverFolderOf(target);
      if (!to || to === from) return;
      const toRank = layerRank.get(to);
      const crossing = `${path.relative(serverSource, context.filename)} -> ${path.relative(serverSource, target)}`
        .split(path.sep)
        .join('/');
      if (toRank !== undefined && toRank < fromRank) return;
      if (knownCrossings.has(crossing)) return;
      const why =
        toRank === undefined
          ? `server/src/${to}/ is not a layer (tests are imported only by tests)`
          : toRank === fromRank
            ? `${from}/ and ${to}/ are peers: share the code through a lower layer`
            : `${to}/ is a higher layer than ${from}/: move the shared code down, or let ${to}/ register itself`;
      context.report({ node, message: `${from}/ may not import '${node.value}': ${why} (order: serverLayers in eslint.config.js).` });
    };
    return importVisitors(check);
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'server/dist-*/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.data/**',
      'server/src/db/migrations/**',
      'server/.drizzle-check-*/**',
      'server/drizzle.check-*.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The hooks rules and the React Compiler's rules (refs, purity, set-state-in-effect, ...).
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['model/**', 'server/**', 'web/**'],
    plugins: { hub: { rules: { boundaries, layers } } },
    rules: { 'hub/boundaries': 'error', 'hub/layers': 'error' },
  },
);
