import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { precompress } from './precompress';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the plugin as `vite build` does once the bundle and the other plugins' files are written. */
async function runOn(outDir: string) {
  const plugin = precompress();
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ root, build: { outDir } } as ResolvedConfig);
  const closeBundle = plugin.closeBundle as { handler: () => Promise<void> };
  await closeBundle.handler();
}

it('writes a brotli and a gzip copy of every text file of the build, and leaves small and binary files', async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'central-precompress-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const script = `export const text = ${JSON.stringify('Central do Assinante '.repeat(200))};\n`;
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'tiny-AbC123.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(4096, 1));

  await runOn('dist');

  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  expect(brotliDecompressSync(readFileSync(`${asset}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${asset}.gz`)).toString()).toBe(script);
  expect(readFileSync(`${asset}.br`).length).toBeLessThan(readFileSync(`${asset}.gz`).length);
  expect(existsSync(path.join(dist, 'assets', 'tiny-AbC123.js.br'))).toBe(false);
  expect(existsSync(path.join(dist, 'logo.png.gz'))).toBe(false);
});
