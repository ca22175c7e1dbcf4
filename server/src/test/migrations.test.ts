import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** The committed migrations describe exactly the tables the model declares. */
it('has a committed migration for every change to the model', () => {
  const server = new URL('../..', import.meta.url).pathname;
  // drizzle-kit takes the output folder relative to the config.
  const outName = `.drizzle-check-${process.pid}`;
  const out = join(server, outName);
  cpSync(join(server, 'src/db/migrations'), out, { recursive: true });
  const config = join(server, `drizzle.check-${process.pid}.config.ts`);
  writeFileSync(config, `export default { dialect: 'postgresql', schema: './src/db/schema.ts', out: './${outName}' };\n`);
  const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
  try {
    const log = execFileSync(process.execPath, [join(server, '../node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config], {
      cwd: server,
      encoding: 'utf8',
    });
    expect(log).toContain('No schema changes');
  } finally {
    rmSync(config, { force: true });
  }
  expect(readdirSync(out).filter((f) => f.endsWith('.sql'))).toEqual(before);
  rmSync(out, { recursive: true, force: true });
}, 60_000);
