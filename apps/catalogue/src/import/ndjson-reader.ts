import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export type NdjsonLine = { line: number; value: unknown } | { line: number; error: string };

/** Reads a gzip-compressed NDJSON file line by line; a line that is not JSON is reported, not thrown. */
export async function* readNdjsonGz(path: string): AsyncGenerator<NdjsonLine> {
  const input = createReadStream(path).pipe(createGunzip());
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    try {
      yield { line, value: JSON.parse(text) as unknown };
    } catch {
      yield { line, error: 'not valid JSON' };
    }
  }
}
