// Renders the member site's app icons (web/public/icons/*.png) from their SVG sources with
// Chromium: run `node scripts/pwa-icons.mjs` after changing icon.svg or maskable.svg.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const dir = new URL('../web/public/icons/', import.meta.url);
const icons = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'maskable.svg', png: 'maskable-512.png', size: 512 },
  { svg: 'maskable.svg', png: 'apple-touch-icon.png', size: 180 },
  { svg: 'icon.svg', png: 'favicon-32.png', size: 32 },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const { svg, png, size } of icons) {
  const source = readFileSync(new URL(svg, dir), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: new URL(png, dir).pathname, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
await browser.close();
