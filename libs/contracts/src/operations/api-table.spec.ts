import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PAGE, API_SECTIONS, documentedSection, sectionRows, withApiTables } from './api-table';
import { ALL_OPERATIONS } from './registry';

const page = readFileSync(join(__dirname, '../../../..', API_PAGE), 'utf8');

/** `GET /api/anime/{id}` for a route of the page or a declaration. */
const routeKey = (method: string, path: string) => `${method} ${path}`;
const declaredRoutes = new Set(
  ALL_OPERATIONS.flatMap((operation) => (operation.http ? [routeKey(operation.http.method, `/api${operation.http.path.replace(/:(\w+)/g, '{$1}')}`)] : [])),
);

describe(`${API_PAGE}'s tables of the declared routes`, () => {
  it('are the ones the declarations make', () => {
    if (withApiTables(page) !== page) {
      throw new Error(
        `${API_PAGE}'s tables of the declared routes differ from the ones libs/contracts makes: run \`npm run docs:api\` ` +
          "(a route's text is its declaration's summary and notes in libs/contracts/src, not the page's row)",
      );
    }
  });

  it('list every declared route once', () => {
    const listed = API_SECTIONS.flatMap((section) =>
      documentedSection(page, section.key)
        .split('\n')
        .flatMap((row) => {
          const match = /^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \|/.exec(row);
          return match ? [routeKey(match[1], match[2])] : [];
        }),
    );
    expect(listed.length).toBe(new Set(listed).size);
    expect(new Set(listed)).toEqual(declaredRoutes);
    expect([...sectionRows().values()].flat().length).toBe(declaredRoutes.size);
  });

  it('leave the hand-written rows to the routes no operation declares', () => {
    let outside = page;
    for (const section of API_SECTIONS) outside = outside.replace(documentedSection(outside, section.key), '\n');
    const handRoutes = outside.split('\n').flatMap((row) => {
      const match = /^\| ([A-Z, ]+) \| (\/api\/[^|]+) \|/.exec(row);
      if (!match) return [];
      const methods = match[1].split(',').map((method) => method.trim());
      const paths = match[2].split(',').map((path) => path.trim());
      return methods.flatMap((method) => paths.map((path) => routeKey(method, path)));
    });
    expect(handRoutes.length).toBeGreaterThan(0);
    expect(handRoutes.filter((route) => declaredRoutes.has(route))).toEqual([]);
  });
});
