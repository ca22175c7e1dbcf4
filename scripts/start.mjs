// npm start: build what is missing or out of date, then run the hub.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const built = Math.min(newest('server/dist/main.js'), newest('web/dist/index.html'));
const sources = Math.max(newest('model/src'), newest('server/src'), newest('web/src'), newest('web/index.html'));
if (!built || sources > built) {
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The IPC channel ties the hub's life to this wrapper's: if the wrapper is killed (kill -9
// included) the channel closes and the hub shuts itself down.
const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});
// The hub checkpoints its database on SIGINT/SIGTERM: pass them on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// And if whatever started this wrapper (npm, a supervisor) dies, stop the hub the same way.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  child.kill('SIGTERM');
}, 250);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
