import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Product code only in the product: benchmark pages and sample data live under bench/ or
 * the test folders, so the hub neither serves nor bundles them.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Tests and their helpers: test folders, *.test.* files, the web's test setup and test utilities. */
const isTestFile = (path: string) =>
  /(^|\/)test\//.test(path) || /\.test\.tsx?$/.test(path) || /(^|\/)test-(setup|utils)\.tsx?$/.test(path);
const productFiles = () => ['model/src', 'server/src', 'web/src'].flatMap(files).filter((f) => !isTestFile(f));

describe('product code only in the product', () => {
  it('keeps benchmark and fixture files out of the product folders', () => {
    expect(productFiles().filter((f) => /bench|fixture/i.test(f.split('/').pop()!))).toEqual([]);
  });

  it('has no product file that imports benchmark or test code, or routes to a bench page', () => {
    const offending = productFiles().filter((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return (
        /from\s+'[^']*(\/bench\/|\/test\/|fixtures)[^']*'/.test(text) ||
        /import\(\s*'[^']*[Bb]ench[^']*'\s*\)/.test(text) ||
        text.includes("'/bench/")
      );
    });
    expect(offending).toEqual([]);
  });
});
