import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** The API compresses its own answers from 1 KB on; below that the headers cost more than they save. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip -9) next to every text file of the build, once every
 * other plugin has written its files: the API sends them as they are (@fastify/static `preCompressed`),
 * so no request pays for compression. A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'central:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const work: Promise<void>[] = [];
        for await (const file of files(outDir)) {
          if (!TEXT.test(file)) continue;
          work.push(
            (async () => {
              const source = await readFile(file);
              if (source.length < MIN_BYTES) return;
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzipAsync(source, { level: 9 }),
              ]);
              if (br.length < source.length) await writeFile(`${file}.br`, br);
              if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
            })(),
          );
        }
        await Promise.all(work);
      },
    },
  };
}
