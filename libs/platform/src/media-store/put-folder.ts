import { join } from 'node:path';
import { eachLimited, listLocalFiles } from './local-files';
import { mediaFileType } from './media-file-types';
import { assertMediaKey, type MediaStore, normalizeMediaPrefix, type PutFolderOptions, type PutFolderResult } from './media-store';

const DEFAULT_CONCURRENCY = 4;

/** `MediaStore.putFolder` for any store: every key is checked before the first byte is written. */
export async function putFolderWith(
  store: Pick<MediaStore, 'putFile'>,
  prefix: string,
  localDir: string,
  { concurrency = DEFAULT_CONCURRENCY }: PutFolderOptions = {},
): Promise<PutFolderResult> {
  const base = normalizeMediaPrefix(prefix, { allowEmpty: true });
  const files = (await listLocalFiles(localDir)).map((file) => ({ file, key: assertMediaKey(base ? `${base}/${file}` : file) }));
  let bytes = 0;
  await eachLimited(files, concurrency, async ({ file, key }) => {
    const { size } = await store.putFile(key, join(localDir, ...file.split('/')), mediaFileType(file));
    bytes += size;
  });
  return { keys: files.map(({ key }) => key), bytes };
}
