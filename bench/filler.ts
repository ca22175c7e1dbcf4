/**
 * The form filler in headless Chromium: time to the first paint of a 200-question form,
 * and how long a keystroke takes to repaint (quality.md: 500 ms and 50 ms). The page
 * (bench/filler/) is built from the web's components into bench/dist/filler and served
 * here as the hub serves its web app (assets cached for an hour, the page revalidated).
 */
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { build } from 'vite';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'bench/dist/filler');
const PORT = 3903;
/** Headless Chromium as the benches run it (shared with bench/designer.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** Builds the bench page and serves it with the hub's static options. */
async function serveBenchPage() {
  await build({ configFile: join(ROOT, 'bench/filler/vite.config.ts'), mode: 'production' });
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: DIST, wildcard: false, index: false, maxAge: '1h' });
  app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  await app.listen({ port: PORT, host: '127.0.0.1' });
  return app;
}

export async function benchFiller(line: (name: string, value: string, goal: string) => void): Promise<void> {
  const server = await serveBenchPage();
  try {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const paints: number[] = [];
      for (let run = 0; run < 6; run++) {
        await page.goto(`http://127.0.0.1:${PORT}/`);
        await page.waitForFunction(() => (window as unknown as { __fillerReady?: number }).__fillerReady !== undefined, null, {
          timeout: 30_000,
        });
        // From navigation start to the frame after the filler's first commit.
        const ready = await page.evaluate(() => (window as unknown as { __fillerReady: number }).__fillerReady);
        if (run > 0) paints.push(ready); // the first run warms the HTTP cache, as a returning user's browser is
      }
      const input = page.getByRole('textbox').first();
      await input.click();
      await page.evaluate(() => {
        const w = window as unknown as { __lat: number[] };
        w.__lat = [];
        document.addEventListener(
          'input',
          (e) => {
            const start = e.timeStamp;
            requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - start), 0));
          },
          true,
        );
      });
      for (let i = 0; i < 30; i++) await page.keyboard.type(String.fromCharCode(97 + (i % 26)), { delay: 30 });
      await page.waitForTimeout(200);
      const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
      line('filler 200 questions first paint (median)', `${percentile(paints, 50).toFixed(0)} ms`, '<= 500 ms');
      line('filler keystroke repaint p95', `${percentile(lat, 95).toFixed(1)} ms`, '<= 50 ms');
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}
