import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { copyFile, lstat, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { MEDIA_URL_PREFIX } from '@portal/contracts';
import { listLocalFiles } from './local-files';
import { mediaFileType } from './media-file-types';
import {
  assertMediaKey,
  contentRangeOf,
  type MediaListEntry,
  type MediaObject,
  type MediaObjectInfo,
  type MediaStore,
  normalizeMediaPrefix,
  parseRangeHeader,
  type PutFileOptions,
  type PutFileResult,
  type PutFolderOptions,
  type PutFolderResult,
  resolveRange,
} from './media-store';
import { putFolderWith } from './put-folder';

/** A missing file, a missing folder on the way, or a folder where a file was expected. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isAbsent = (error: unknown) => ABSENT.has((error as NodeJS.ErrnoException).code ?? '');

/** The URL path of a key: each segment percent-encoded. */
export const mediaUrlPath = (key: string) => `${MEDIA_URL_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * The media store on a local disk (`MEDIA_DIR`): what the portal always did. Types are answered by
 * extension (a file keeps no metadata); the ETag is made of the file's inode, size and change time,
 * which every write renews (a write is a new file renamed over the old one).
 */
export class FolderMediaStore implements MediaStore {
  readonly kind = 'folder' as const;
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
  }

  private pathOf(key: string): string {
    return join(this.rootDir, ...assertMediaKey(key).split('/'));
  }

  private folderOf(prefix: string, allowEmpty: boolean): string {
    const folder = normalizeMediaPrefix(prefix, { allowEmpty });
    return folder === '' ? this.rootDir : join(this.rootDir, ...folder.split('/'));
  }

  /** Copied into a dotfile beside the target (same file system), then renamed over it: atomic for readers. */
  async putFile(key: string, localPath: string, _options: PutFileOptions): Promise<PutFileResult> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.${basename(target)}.${randomUUID()}.partial`);
    try {
      // A copy-on-write clone where the file system has them, a plain copy elsewhere.
      await copyFile(localPath, temporary, constants.COPYFILE_FICLONE);
      const { size } = await stat(temporary);
      await rename(temporary, target);
      return { key, size, parts: 1 };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  putFolder(prefix: string, localDir: string, options?: PutFolderOptions): Promise<PutFolderResult> {
    return putFolderWith(this, prefix, localDir, options);
  }

  async open(key: string, range?: string): Promise<MediaObject | null> {
    const path = this.pathOf(key);
    const requested = parseRangeHeader(range);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
    try {
      // The facts of the file opened, not of the path: a write renamed over it meanwhile changes neither.
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const info = infoOf(key, stats);
      const resolved = requested && resolveRange(key, requested, stats.size);
      const body = handle.createReadStream(resolved ? { start: resolved.start, end: resolved.end } : {});
      if (!resolved) return { ...info, body, length: stats.size };
      return { ...info, body, length: resolved.end - resolved.start + 1, range: resolved, contentRange: contentRangeOf(resolved, stats.size) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    try {
      const stats = await stat(this.pathOf(key));
      return stats.isFile() ? infoOf(key, stats) : null;
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async list(prefix: string): Promise<MediaListEntry[]> {
    const base = normalizeMediaPrefix(prefix, { allowEmpty: true });
    const folder = this.folderOf(base, true);
    let files: string[];
    try {
      files = await listLocalFiles(folder);
    } catch (error) {
      if (isAbsent(error)) return [];
      throw error;
    }
    return Promise.all(files.map(async (file) => ({ key: base ? `${base}/${file}` : file, size: (await stat(join(folder, ...file.split('/')))).size })));
  }

  async removePrefix(prefix: string): Promise<number> {
    const folder = this.folderOf(prefix, false);
    let isFolder: boolean;
    try {
      isFolder = (await lstat(folder)).isDirectory();
    } catch (error) {
      if (isAbsent(error)) return 0;
      throw error;
    }
    if (!isFolder) return 0;
    const count = (await listLocalFiles(folder)).length;
    await rm(folder, { recursive: true, force: true });
    return count;
  }

  /** A refused key rejects, as with every other method. */
  publicUrl(key: string): Promise<string> {
    return Promise.resolve().then(() => mediaUrlPath(assertMediaKey(key)));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function infoOf(key: string, stats: Stats): MediaObjectInfo {
  const changed = Math.floor(stats.mtimeMs);
  return {
    size: stats.size,
    contentType: mediaFileType(key).contentType,
    etag: `"${stats.ino.toString(16)}-${stats.size.toString(16)}-${changed.toString(16)}"`,
    lastModified: stats.mtime,
  };
}
