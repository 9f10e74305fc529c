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

// The dev server proxies the API to the Node server (npm run dev -w apps/server on :3000); the build lands in
// apps/web/dist, which the server serves with a strict CSP (no inline scripts, so nothing here may add one).
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries change less often than our code: what the first page needs of them gets chunks of its own,
          // which stay cached across releases. Only modules of the first load ('$initial') are captured: a group
          // without that tag pulled every page's library code (tables, dates, charts) into the first visit.
          // Everything else (pages, the charts, the PDF viewer, the editors) splits along the lazy imports.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              tags: ['$initial'],
              priority: 30,
            },
          ],
        },
      },
    },
  },
});
