import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_SCHEMAS, readmeConfigurationTable, withConfigurationTable } from './config-table';

const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');

describe("README's configuration table", () => {
  it('is the one the env schemas make', () => {
    if (withConfigurationTable(readme) !== readme) {
      throw new Error(
        "README.md's configuration table differs from the one libs/config makes: run `npm run docs:config` " +
          "(a variable's text is its schema field's .meta() in libs/config/src, not README's row)",
      );
    }
  });

  it("lists every variable of every app's schema", () => {
    const listed = readmeConfigurationTable(readme)
      .split('\n')
      .map((row) => /^\| `(\w+)` \|/.exec(row)?.[1]);
    const missing = Object.values(APP_SCHEMAS)
      .flatMap((schema) => Object.keys(schema.shape))
      .filter((name) => !listed.includes(name));
    expect([...new Set(missing)]).toEqual([]);
  });
});
