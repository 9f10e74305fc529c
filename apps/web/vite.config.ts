import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, once, at the best levels: the server sends the
 * variant the browser accepts (@fastify/static `preCompressed`) instead of compressing on every request or, as before,
 * not at all. Source maps are left alone (only developer tools fetch them).
 */
function precompress(): Plugin {
  return {
    name: 'lms-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

/**
 * Zod's JSON Schema export (toJSONSchema, 17 KB of the first visit's code) is wired into every schema class, so tree
 * shaking cannot drop it, and the web app never calls it (the server builds the OpenAPI document). The build gets
 * a stand-in with the same exports, each returning a function that throws: a call fails loudly, nothing breaks
 * silently, and a renamed export in a zod update fails the build.
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'lms-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = new Set<string>();
      for (const m of source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm))
        if (m[1]) names.add(m[1]);
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
        for (const part of (m[1] ?? '').split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .pop();
          if (name) names.add(name);
        }
      const thrower = `() => { throw new Error('zod JSON Schema is not part of the web build (vite.config.ts)'); }`;
      return [...names].map((name) => `export const ${name} = () => ${thrower};`).join('\n');
    },
  };
}

// The dev server proxies the API to the Node server (npm run dev -w apps/server on :3000); the build lands in
// apps/web/dist, which the server serves with a strict CSP (no inline scripts, so nothing here may add one).
export default defineConfig({
  plugins: [react(), zodWithoutJsonSchema(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging a release, without a link in every file that each visitor downloads.
    sourcemap: 'hidden',
    // Every browser of the product's support range preloads modules itself.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Content hashes only: the names of 200 chunks are listed in the first chunk's preload map (and imports).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // Libraries change less often than our code: what the first page needs of them gets chunks of its own,
          // which stay cached across releases. Only modules of the first load ('$initial') are captured: a group
          // without that tag pulled every page's library code (tables, dates, charts) into the first visit.
          // Everything else (pages, the charts, the PDF viewer, the editors) splits along the lazy imports.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zod)[\\/]/,
              tags: ['$initial'],
              priority: 30,
            },
          ],
        },
      },
    },
  },
});
