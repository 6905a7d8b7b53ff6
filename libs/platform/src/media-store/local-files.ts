import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The files under `dir`, as sorted relative paths with `/`; dotfiles, dot folders and symbolic links left out. */
export async function listLocalFiles(dir: string, base = ''): Promise<string[]> {
  const entries = await readdir(join(dir, base), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listLocalFiles(dir, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort(byKey);
}

/** Keys in the order S3 lists them (by code point; the same as UTF-8 bytes for what keys hold). */
export const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Runs `work` on every item, at most `limit` at once. After the first failure no further item starts;
 * those running are awaited, then that failure is thrown.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
}
