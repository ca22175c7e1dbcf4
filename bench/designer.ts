/**
 * The form designer in headless Chromium (issue 12 item 6), on the real hub: the web is built
 * (or BENCH_WEB_DIST reused), the hub started on a new embedded database with the demo, an
 * administrator signs in and creates, through GraphQL, a form of 100 questions on 10 slides
 * (bench/designer/definition.ts) with a published version. Measured:
 * - opening /admin/forms/build/formsentity/:id: navigation start to the designer's first commit
 *   with the form (window.__designerReady), median of five warm opens;
 * - typing 30 characters into the first question's Title: each input event to the next
 *   painted frame (as bench/filler.ts), and to the moment the live preview's DOM shows the new
 *   title (a MutationObserver on the preview).
 * Runs alone with `npx tsx bench/designer.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { designerDefinition } from './designer/definition';
import { CHROMIUM_ARGS } from './filler';
import { startProcess, stop } from './process';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_DESIGNER_PORT ?? 3240);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'demo-password-12';
/** Characters typed into the title, and the pause between keystrokes (a fast typist). */
const KEYS = 30;
const KEY_DELAY = Number(process.env.BENCH_KEY_DELAY ?? 50);
const OPENS = 6;

/** Set by the designer (DesignerPage.tsx) when it first commits with a loaded form. */
type Ready = Window & { __designerReady?: number };
type Line = (name: string, value: string, goal: string) => void;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** The web app built into `outDir` as `npm run build -w web` builds it (no source maps). */
export async function buildWeb(outDir: string) {
  const web = join(ROOT, 'web');
  await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

export async function signIn(page: Page, email: string) {
  await page.goto(`${BASE}/admin_login`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin_login'), { timeout: 30_000 });
}

/** Creates the benchmark form and its published version through GraphQL, with the page's session. */
export async function createForm(page: Page): Promise<string> {
  const request = page.context().request;
  const xsrf = (await page.context().cookies(BASE)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const gql = async (query: string, variables: unknown) => {
    const res = await request.post(`${BASE}/api/graphql`, {
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
      data: { query, variables },
    });
    const body = (await res.json()) as { data?: Record<string, { id: string }[]>; errors?: { message: string }[] };
    if (!res.ok() || body.errors) throw new Error(`GraphQL ${res.status()}: ${JSON.stringify(body.errors)}`);
    return body.data!;
  };
  const form = await gql(`mutation($m: [FormsEntityInput!]!) { r: createFormsEntity(formsEntityModels: $m) { id } }`, {
    m: [{ name: 'Designer benchmark: 100 questions', formType: 'INSPECTIONS', isActive: true, isDefault: false }],
  });
  const formId = form.r[0].id;
  await gql(`mutation($m: [FormsEntityFormVersionInput!]!) { r: createFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`, {
    m: [{ formId, active: true, formData: JSON.stringify(designerDefinition()), publishVersion: true }],
  });
  return formId;
}

interface Open {
  /** Navigation start to the designer's first commit with the form. */
  ready: number;
  /** Of which after the form's GraphQL response: the designer's own parsing and rendering. */
  render: number;
}

/** Opens the designer OPENS times; the first open warms the HTTP cache and is not counted. */
async function measureOpens(page: Page, url: string): Promise<Open[]> {
  const opens: Open[] = [];
  for (let run = 0; run < OPENS; run++) {
    await page.goto(url);
    await page.waitForFunction(() => (window as Ready).__designerReady !== undefined, null, { timeout: 30_000 });
    const open = await page.evaluate(() => {
      const ready = (window as Ready).__designerReady!;
      const data = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('/api/graphql'));
      return { ready, render: ready - Math.max(0, ...data.map((r) => r.responseEnd)) };
    });
    if (run > 0) opens.push(open);
  }
  return opens;
}

interface Typing {
  repaint: number[];
  preview: number[];
  /** Keystrokes whose title the preview never showed. */
  missed: number;
}

/** Opens the first question's editor and types into its Title, measuring every keystroke. */
async function measureTyping(page: Page): Promise<Typing> {
  await page.getByTestId('question-q1').locator('button', { hasText: 'Question 1: text' }).click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.click();
  await page.keyboard.press('End');
  // The preview now shows the edited slide; wait for it to settle before typing.
  await page.locator('section[aria-label="Live preview"]').getByText('Question 1: text', { exact: false }).first().waitFor();
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const w = window as unknown as { __typing: { repaint: number[]; preview: number[]; pending: { start: number; value: string }[] } };
    const t: (typeof w)['__typing'] = { repaint: [], preview: [], pending: [] };
    w.__typing = t;
    const preview = document.querySelector('section[aria-label="Live preview"]')!;
    const input = document.activeElement as HTMLInputElement;
    document.addEventListener(
      'input',
      (e) => {
        if (e.target !== input) return;
        const start = e.timeStamp;
        t.pending.push({ start, value: input.value });
        requestAnimationFrame(() => setTimeout(() => t.repaint.push(performance.now() - start), 0));
      },
      true,
    );
    // Runs right after each DOM change of the preview (React commits synchronously).
    new MutationObserver(() => {
      const now = performance.now();
      if (!t.pending.length) return;
      const text = preview.textContent ?? '';
      t.pending = t.pending.filter((p) => {
        if (!text.includes(p.value)) return true;
        t.preview.push(now - p.start);
        return false;
      });
    }).observe(preview, { subtree: true, childList: true, characterData: true });
  });
  for (let i = 0; i < KEYS; i++) await page.keyboard.type(String.fromCharCode(97 + (i % 26)), { delay: KEY_DELAY });
  await page.waitForTimeout(1_000);
  const t = await page.evaluate(
    () => (window as unknown as { __typing: { repaint: number[]; preview: number[]; pending: unknown[] } }).__typing,
  );
  if (t.repaint.length !== KEYS) throw new Error(`expected ${KEYS} input events in the title, saw ${t.repaint.length}`);
  return { repaint: t.repaint, preview: t.preview, missed: t.pending.length };
}

export async function benchDesigner(line: Line, opts: { webDist?: string } = {}): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'hub-bench-designer-'));
  try {
    let webDist = opts.webDist ?? process.env.BENCH_WEB_DIST;
    if (!webDist) {
      webDist = join(work, 'web');
      await buildWeb(webDist);
    }
    const hub = await startProcess(
      ['--import', 'tsx', 'server/src/main.ts'],
      {
        WEB_DIST: webDist,
        PORT: String(PORT),
        DATA_DIR: join(work, 'data'),
        SEED_DEMO: '1',
        HUB_TEST_MODE: '1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      /ready on/,
    );
    try {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await signIn(page, 'admin@hub.example');
        const formId = await createForm(page);
        const opens = await measureOpens(page, `${BASE}/admin/forms/build/formsentity/${formId}`);
        const typing = await measureTyping(page);
        const load = loadavg()[0];
        line(
          'designer 100 questions open (median)',
          `${percentile(
            opens.map((o) => o.ready),
            50,
          ).toFixed(0)} ms`,
          '<= 1000 ms',
        );
        line(
          '  of which after the form data (median)',
          `${percentile(
            opens.map((o) => o.render),
            50,
          ).toFixed(0)} ms`,
          '-',
        );
        line('designer title keystroke repaint p95', `${percentile(typing.repaint, 95).toFixed(1)} ms`, '<= 50 ms');
        line(
          'designer title keystroke to preview p95',
          typing.missed ? `${typing.missed} of ${KEYS} never shown` : `${percentile(typing.preview, 95).toFixed(1)} ms`,
          '<= 100 ms',
        );
        line('designer load average (1 min) after the run', load.toFixed(1), `below ${cpus().length}: a quiet machine`);
        if (process.env.BENCH_VERBOSE)
          console.log(
            JSON.stringify({
              opens: opens.map((o) => Math.round(o.ready)),
              repaint: typing.repaint.map(Math.round),
              preview: typing.preview.map(Math.round),
            }),
          );
      } finally {
        await browser.close();
      }
    } finally {
      await stop(hub);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  console.log('\n== Form designer');
  await benchDesigner((name, value, goal) => console.log(`${name.padEnd(44)} ${value.padStart(10)}   goal: ${goal}`));
}
