import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { operationRoutes } from '../libs/contracts/src/operations';
import { parseWebEnv, webEnvDefines } from './src/shared/config/env-schema';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The shared contracts are consumed as source: one alias for Vite, Vitest and Storybook alike. */
export const contractsAlias = {
  '@portal/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};

const backend = 'http://localhost:3000';

/**
 * x.br and x.gz next to every built text file, smallest settings (made once, sent many times); the
 * gateway sends them as the client accepts (apps/gateway/src/web/spa-fallback.ts). Images and video
 * are compressed already; a form no smaller than its file is not written.
 */
const precompress = () =>
  compression({
    include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/,
    exclude: /(^|[\\/])\.vite[\\/]/,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
    ],
  });

export default defineConfig(({ mode }) => ({
  // Storybook builds the workbench with this config too (its CLI sets STORYBOOK): nothing to pre-compress there.
  plugins: [react(), ...(process.env.STORYBOOK === 'true' ? [] : [precompress()])],
  resolve: { alias: contractsAlias },
  define: {
    ...webEnvDefines(parseWebEnv({ ...loadEnv(mode, webRoot, 'VITE_'), ...pickViteVars(process.env) })),
    // The declared operations' routes without their schemas (web/src/shared/api/operations-client.ts): zod stays out of the bundle.
    __OPERATION_ROUTES__: JSON.stringify(operationRoutes()),
  },
  server: {
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench (bench/web-bundle.mjs) reads the manifest to size the home route's initial JavaScript.
    manifest: true,
    // No <link rel="modulepreload"> per chunk of a lazy page: Vite's helper inserted one for each of the
    // first page's 10–21 chunks inside the entry's evaluation, the first page's longest task on a phone;
    // the browser fetches a chunk's static imports itself once it has the chunk (issue #13,
    // docs/PERFORMANCE.md «Mobile» 2026-11-27).
    modulePreload: false,
    // One stylesheet, linked from index.html: a lazy page's own CSS file would be inserted by script
    // while the page renders (a style recalculation and a layout each, on a phone's busy main thread),
    // for 14 KB gzip of CSS in all (issue #13, TBT).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk: Rolldown otherwise splits the modules
        // lazy pages share with the entry (React, the router, the query client…) into 14 small files,
        // 14 requests before the first render, six at a time on an HTTP/1.1 connection.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
}));

function pickViteVars(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined));
}
