import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SpaFallback } from './spa-fallback';

const INDEX = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-r.js"></head><body><div id="root"></div></body></html>';

/** A build as Vite writes it: the entry, its runtime, pages sharing a chunk with each other and with the entry. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_runtime-r.js'] },
  '_runtime-r.js': { file: 'assets/runtime-r.js' },
  'src/features/catalogue/components/AnimePage.tsx': { file: 'assets/AnimePage-a.js', isDynamicEntry: true, imports: ['_runtime-r.js', 'index.html', '_Poster-p.js'] },
  '_Poster-p.js': { file: 'assets/Poster-p.js', imports: ['_runtime-r.js', '_Dialog-d.js'] },
  '_Dialog-d.js': { file: 'assets/Dialog-d.js' },
  'src/features/catalogue/components/HomePage.tsx': { file: 'assets/HomePage-h.js', isDynamicEntry: true, imports: ['_Poster-p.js'] },
  'src/features/library/components/ContinueWatching.tsx': { file: 'assets/ContinueWatching-c.js', isDynamicEntry: true, imports: ['_Poster-p.js'] },
};

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]).sort();
/** The modulepreload links a page has beyond the built index.html's own. */
const added = (html: string) => preloads(html).filter((href) => !preloads(INDEX).includes(href));

describe('SpaFallback: the page code a first route needs, named in index.html', () => {
  let dist: string;
  let spa: SpaFallback;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'spa-fallback-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    spa = new SpaFallback(dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('names a title page’s chunk and everything it imports, but nothing the entry loads already', () => {
    const html = spa.pageFor('/anime/20?tab=reviews')!.html.toString();
    expect(added(html)).toEqual(['/assets/AnimePage-a.js', '/assets/Dialog-d.js', '/assets/Poster-p.js']);
    expect(html.match(/runtime-r\.js/g)).toHaveLength(1);
  });

  it('names both lazy pieces of the home page, each shared chunk once', () => {
    expect(added(spa.pageFor('/')!.html.toString())).toEqual(['/assets/ContinueWatching-c.js', '/assets/Dialog-d.js', '/assets/HomePage-h.js', '/assets/Poster-p.js']);
  });

  it('answers other paths with index.html as built', () => {
    expect(spa.pageFor('/settings')!.html.toString()).toBe(INDEX);
    expect(spa.pageFor('/anime/20/review/3')!.html.toString()).toBe(INDEX);
  });

  it('keeps the compressed forms equal to the page', () => {
    const page = spa.pageFor('/anime/7')!;
    expect(brotliDecompressSync(page.compressed!.br!).toString()).toBe(page.html.toString());
  });

  it('serves index.html unchanged when the build has no manifest', () => {
    const bare = mkdtempSync(join(tmpdir(), 'spa-fallback-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), INDEX);
      expect(new SpaFallback(bare).pageFor('/anime/20')!.html.toString()).toBe(INDEX);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
