import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { parseWebEnv, webEnvDefines } from './src/shared/config/env-schema';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The shared contracts are consumed as source: one alias for Vite, Vitest and Storybook alike. */
export const contractsAlias = {
  '@portal/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};

const backend = 'http://localhost:3000';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: { alias: contractsAlias },
  define: webEnvDefines(parseWebEnv({ ...loadEnv(mode, webRoot, 'VITE_'), ...pickViteVars(process.env) })),
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
  },
}));

function pickViteVars(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined));
}
