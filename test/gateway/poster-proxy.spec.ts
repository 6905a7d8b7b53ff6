import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';

/** A poster host of the outside world, speaking plain HTTP: counts what it is asked for. */
class FakeCoverHost {
  readonly hits = new Map<string, number>();
  private server!: Server;
  url = '';

  constructor(private readonly routes: Record<string, (res: import('node:http').ServerResponse) => void>) {}

  async start() {
    this.server = createServer((req, res) => {
      const path = req.url ?? '/';
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const route = this.routes[path];
      if (route) route(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();

describe("the gateway: catalogue posters from the portal's own origin (/api/anime/:id/poster)", () => {
  let stack: CatalogueStack;
  let bigCover: Buffer;
  let smallCover: Buffer;
  const host = new FakeCoverHost({
    '/big.png': (res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(bigCover),
    '/small.png': (res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(smallCover),
    '/moved.png': (res) => res.writeHead(302, { Location: '/big.png' }).end(),
    // The same server under another name: another origin, not on the list.
    '/away.png': (res) => res.writeHead(302, { Location: `${host.url.replace('127.0.0.1', 'localhost')}/away-target.png` }).end(),
    '/away-target.png': (res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(bigCover),
    '/slow.png': (res) => setTimeout(() => res.writeHead(200, { 'Content-Type': 'image/png' }).end(smallCover), 300),
    '/broken.png': (res) => res.writeHead(500).end(),
    '/text.png': (res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end('not a picture at all'),
    // A PNG header, then more bytes than any cover has.
    '/huge.png': (res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.write(smallCover.subarray(0, 8));
      for (let i = 0; i < 9; i++) res.write(Buffer.alloc(1024 * 1024));
      res.end();
    },
  });
  // A port nothing listens on: a host that is down.
  const downHost = 'http://127.0.0.1:9';

  const posterOf = async (id: number, source: string | null) => {
    await stack.db.query('UPDATE catalogue.anime SET poster = $2 WHERE id = $1', [id, source]);
    return fetch(`${stack.gateway.url}/api/anime/${id}/poster?v=1`, { redirect: 'manual' });
  };
  const expectGenerated = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    // Tried again after a few minutes, not kept for a year like the real one.
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toMatch(/^<svg /);
  };

  beforeAll(async () => {
    [bigCover, smallCover] = await Promise.all([picture(1000, 1500), picture(100, 150)]);
    await host.start();
    stack = await startCatalogueStack('posters', { env: { POSTER_SOURCE_ORIGINS: `${host.url},${downHost}`, POSTER_FETCH_TIMEOUT_MS: '2000' } });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await host.close();
  });

  it('the catalogue names the own-origin route as the poster of a title whose poster is on another host', async () => {
    await stack.db.query('UPDATE catalogue.anime SET poster = $2 WHERE id = $1', [20, `${host.url}/big.png`]);
    const { data } = (await stack.api.get('/api/anime/20')).body;
    expect(data.poster).toMatch(/^\/api\/anime\/20\/poster\?v=\d+$/);
    expect(data.imageUrl).toBe(`${host.url}/big.png`);
  });

  it('fetches an allowlisted poster once, answers it as a WebP at most 480 px wide, cached for good, and later from disk', async () => {
    const res = await posterOf(20, `${host.url}/big.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 720 });
    const again = await posterOf(20, `${host.url}/big.png`);
    expect(again.status).toBe(200);
    expect(host.hits.get('/big.png')).toBe(1);
  });

  it('never enlarges a small poster, and follows a redirect within the allowed origins', async () => {
    const small = await sharp(Buffer.from(await (await posterOf(1535, `${host.url}/small.png`)).arrayBuffer())).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 100 });
    const moved = await posterOf(16498, `${host.url}/moved.png`);
    expect(moved.headers.get('content-type')).toBe('image/webp');
  });

  it('asks the host once for concurrent requests of the same poster', async () => {
    await stack.db.query('UPDATE catalogue.anime SET poster = $2 WHERE id = $1', [1535, `${host.url}/slow.png`]);
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${stack.gateway.url}/api/anime/1535/poster?v=2`)));
    expect(answers.map((res) => res.headers.get('content-type'))).toEqual(['image/webp', 'image/webp', 'image/webp']);
    expect(host.hits.get('/slow.png')).toBe(1);
  });

  it('answers the generated poster (for a few minutes) when the host fails, is down, sends no picture or too much', async () => {
    for (const source of [`${host.url}/broken.png`, `${downHost}/cover.png`, `${host.url}/text.png`, `${host.url}/huge.png`, `${host.url}/away.png`]) {
      await expectGenerated(await posterOf(11757, source));
    }
    // Not followed: the redirect led to an origin not on the list.
    expect(host.hits.get('/away.png')).toBe(1);
    expect(host.hits.get('/away-target.png')).toBeUndefined();
  });

  it('remembers a failure instead of asking the host again on every request', async () => {
    await expectGenerated(await posterOf(5114, `${host.url}/broken.png?again`));
    await expectGenerated(await posterOf(5114, `${host.url}/broken.png?again`));
    expect(host.hits.get('/broken.png?again')).toBe(1);
  });

  it('sends the browser to a poster on a host it does not fetch from, and to the generated poster of a title without one', async () => {
    const elsewhere = await posterOf(6547, 'https://cdn.example/poster.jpg');
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toBe('https://cdn.example/poster.jpg');
    const none = await posterOf(1575, null);
    expect(none.status).toBe(302);
    expect(none.headers.get('location')).toMatch(/^\/api\/anime\/1575\/poster\.svg\?v=\d+$/);
  });

  it('redirects to no address but an own path or an http(s) one: another host named without a scheme is the generated poster', async () => {
    for (const source of ['//cdn.example/poster.jpg', 'data:image/svg+xml,<svg/>', 'javascript:alert(1)']) {
      await expectGenerated(await posterOf(6547, source));
    }
  });

  it('answers an unknown title with the 404 envelope', async () => {
    const res = await fetch(`${stack.gateway.url}/api/anime/999999999/poster`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: expect.any(String) });
  });
});
