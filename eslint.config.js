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
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
    plugins: { hub: { rules: { boundaries } } },
    rules: { 'hub/boundaries': 'error' },
  },
);
