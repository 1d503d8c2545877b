import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where uploaded files (complaint photos) live. Keys are made by the API (random, `[a-z0-9-]` only), never
 * taken from a request. A real object store (S3, GCS) is another implementation passed as
 * `buildApp({ storage })`; every API instance must see the same store.
 */
export interface StorageProvider {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9-]{0,127}$/;

function checkKey(key: string): string {
  // Defence in depth: keys are ours, but a key must never reach outside the folder.
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in one folder (default: `DATA_DIR/complaint-images`), created on first write. */
export class FolderStorage implements StorageProvider {
  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = join(this.dir, checkKey(key));
    // Written under a temporary name and renamed: a reader never sees half a file.
    const partial = `${target}.partial`;
    await writeFile(partial, bytes, { flag: 'w' });
    await rename(partial, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(join(this.dir, checkKey(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(join(this.dir, checkKey(key)), { force: true });
  }
}

/**
 * For an app built without a storage (tests, tools): a fresh folder under the system temp dir, made on first
 * write. The server always passes `DATA_DIR/complaint-images` (server.ts).
 */
export class TempFolderStorage implements StorageProvider {
  private inner: Promise<FolderStorage> | undefined;
  private folder(): Promise<FolderStorage> {
    this.inner ??= mkdtemp(join(tmpdir(), 'lendview-uploads-')).then((dir) => new FolderStorage(dir));
    return this.inner;
  }
  async put(key: string, bytes: Buffer, contentType: string) {
    return (await this.folder()).put(key, bytes, contentType);
  }
  async get(key: string) {
    return (await this.folder()).get(key);
  }
  async delete(key: string) {
    return (await this.folder()).delete(key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
  }
}
