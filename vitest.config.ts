import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS build (graphql 16 has no exports map); under Vite our code must see that same instance.
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

const projects: object[] = [
  { test: { name: 'model', include: ['model/src/**/*.test.ts'], environment: 'node' } },
  {
    resolve,
    test: {
      name: 'server',
      include: ['server/src/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['server/src/test/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      env: { TEST_ENGINE: 'pglite' },
    },
  },
];
if (existsSync('web/vitest.config.ts')) projects.push('./web/vitest.config.ts' as never);

// With TEST_DATABASE_URL the API suites run a second time against that PostgreSQL.
if (process.env.TEST_DATABASE_URL)
  projects.push({
    resolve,
    test: {
      name: 'server-postgres',
      include: ['server/src/**/*.api.test.ts'],
      environment: 'node',
      globalSetup: ['server/src/test/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
      env: { TEST_ENGINE: 'postgres' },
    },
  });

export default defineConfig({ test: { projects, pool: 'forks', maxWorkers: 2 } });
