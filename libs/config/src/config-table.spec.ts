import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SCHEMAS, CONFIGURATION_PAGE, documentedConfigurationTable, withConfigurationTable } from './config-table';

const page = readFileSync(join(__dirname, '../../..', CONFIGURATION_PAGE), 'utf8');

describe(`${CONFIGURATION_PAGE}'s table`, () => {
  it('is the one the env schemas make', () => {
    if (withConfigurationTable(page) !== page) {
      throw new Error(
        `${CONFIGURATION_PAGE}'s table differs from the one libs/config makes: run \`npm run docs:config\` ` +
          "(a variable's text is its schema field's .meta() in libs/config/src, not the page's row)",
      );
    }
  });

  it("lists every variable of every app's schema", () => {
    const listed = documentedConfigurationTable(page)
      .split('\n')
      .map((row) => /^\| `(\w+)` \|/.exec(row)?.[1]);
    const missing = Object.values(APP_SCHEMAS)
      .flatMap((schema) => Object.keys(schema.shape))
      .filter((name) => !listed.includes(name));
    expect([...new Set(missing)]).toEqual([]);
  });
});
