import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where uploaded files live. Keys look like "collections/<uuid>.webp"; URLs are "/uploads/<key>". */
export abstract class FileStorage {
  abstract put(key: string, content: Buffer): Promise<void>;
  abstract remove(key: string): Promise<void>;
  /** The stored file, or null when there is none. */
  abstract read(key: string): Promise<Buffer | null>;
}

/** The default: a folder on local disk (a volume shared by the gateway replicas in production). */
export class LocalDiskStorage extends FileStorage {
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, content: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content, { flag: 'wx' });
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async read(key: string): Promise<Buffer | null> {
    return readFile(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the storage root: ${key}`);
    return path;
  }
}
