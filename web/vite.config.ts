import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The shared contracts are consumed as source: one alias for Vite, Vitest and Storybook alike. */
export const contractsAlias = {
  '@portal/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: contractsAlias },
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
});
