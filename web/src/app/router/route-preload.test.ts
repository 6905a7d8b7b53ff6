import { describe, expect, it } from 'vitest';
import { FIRST_ROUTE_MODULES } from '@portal/contracts';
import source from './route-preload.ts?raw';

/** `import('../../features/x/Y')` in this folder's source → `src/features/x/Y.tsx`, as Vite's manifest names it. */
function importedPages(code: string): string[] {
  return [...code.matchAll(/import\('\.\.\/\.\.\/([^']+)'\)/g)].map((match) => `src/${match[1]}.tsx`);
}

describe('the first routes’ pages', () => {
  it('are the files the gateway names in index.html for those routes', () => {
    const named = FIRST_ROUTE_MODULES.flatMap((route) => route.modules);
    expect(importedPages(source).sort()).toEqual([...new Set(named)].sort());
  });

  it('each exist as a module of the client', () => {
    const modules = import.meta.glob('../../features/**/components/*.tsx');
    for (const file of FIRST_ROUTE_MODULES.flatMap((route) => route.modules)) {
      expect(Object.keys(modules)).toContain(file.replace(/^src\//, '../../'));
    }
  });
});
