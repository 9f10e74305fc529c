import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to the Node server (npm run dev -w apps/server on :3000); the build lands in
// apps/web/dist, which the server serves with a strict CSP (no inline scripts, so nothing here may add one).
export default defineConfig({
  plugins: [react()],
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
        // Libraries change less often than our code: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!charts[\\/])|@floating-ui|react-remove-scroll|react-textarea-autosize)/,
              priority: 20,
            },
            // The charts (recharts and what only it brings) load with a page that shows one; a lower priority than
            // the groups above, so that the modules it shares with them (@mantine/core, react) stay in theirs.
            { name: 'charts', test: /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/, priority: 5 },
            { name: 'data', test: /node_modules[\\/](@tanstack|zod|i18next|react-i18next)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
