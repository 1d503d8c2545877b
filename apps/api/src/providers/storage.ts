import { mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where files live: complaint photos and landing images (the uploads store), released remotes and shells (the
 * releases store). Two implementations: a folder on this machine (the embedded default, `pnpm start`) and any
 * S3-compatible object store (providers/s3-storage.ts: AWS S3, Cloudflare R2, MinIO), chosen by STORAGE
 * (env.ts, docs/deploy.md "Storage and releases"). Every API instance must see the same store.
 *
 * Keys are made by the API, never taken from a request: random names for uploads (`[a-z0-9-]`), and for
 * releases `<app>/<version>/<path>` where every part was checked when the build was published and a request
 * only ever names a file that the database lists for that version (src/releases/serving.ts).
 */
export interface StorageProvider {
  /** `options`: HTTP metadata kept with the object (an object store serves it as is; a folder ignores it). */
  put(key: string, bytes: Buffer, contentType: string, options?: PutOptions): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream (large release assets), with their size; null when there is no such key. */
  stream(key: string): Promise<StoredStream | null>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Where it stores, for logs and `pnpm remotes` (folder:/path, s3://bucket/prefix). No credentials. */
  describe(): string;
}

export interface PutOptions {
  cacheControl?: string;
  contentEncoding?: string;
}

export interface StoredStream {
  body: Readable;
  size: number;
}

/** One path segment: no leading dot (no dot files, no "." or ".."), no separators, no spaces or control characters. */
const SEGMENT = '[A-Za-z0-9_][A-Za-z0-9._@+-]{0,199}';
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT}){0,15}$`);

/** Throws unless `key` is a well-formed relative key (defence in depth: keys are ours, and never reach outside the store). */
export function checkKey(key: string): string {
  if (key.length > 1024 || !KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in one folder (uploads: `DATA_DIR/complaint-images`; releases: RELEASES_DIR), created on first write. */
export class FolderStorage implements StorageProvider {
  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    return join(this.dir, ...checkKey(key).split('/'));
  }

  async put(key: string, bytes: Buffer, _contentType?: string, _options?: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Written under a temporary name and renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, bytes, { flag: 'w' });
    await rename(partial, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stream(key: string): Promise<StoredStream | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const { size } = await handle.stat().catch(async (err: unknown) => {
      await handle.close();
      throw err;
    });
    // The stream owns the file handle from here (closed when it ends or is destroyed): the bytes are those of
    // the file that was opened, even if the key is written again meanwhile (rename makes it another file).
    return { body: handle.createReadStream(), size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  describe(): string {
    return `folder:${this.dir}`;
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  // EISDIR / ENOTDIR: a key that names a folder, or a path through a file: not an object either.
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

/**
 * For an app built without a storage (tests, tools): a fresh folder under the system temp dir, made on first
 * write. The server always passes the configured store (storageFromEnv).
 */
export class TempFolderStorage implements StorageProvider {
  private inner: Promise<FolderStorage> | undefined;
  private folder(): Promise<FolderStorage> {
    this.inner ??= mkdtemp(join(tmpdir(), 'lendview-uploads-')).then((dir) => new FolderStorage(dir));
    return this.inner;
  }
  async put(key: string, bytes: Buffer, contentType: string, options?: PutOptions) {
    return (await this.folder()).put(key, bytes, contentType, options);
  }
  async get(key: string) {
    return (await this.folder()).get(key);
  }
  async stream(key: string) {
    return (await this.folder()).stream(key);
  }
  async delete(key: string) {
    return (await this.folder()).delete(key);
  }
  describe(): string {
    return 'folder:(temporary)';
  }
  /** Removes the folder and everything in it (the app's onClose): nothing is left in the temp dir. */
  async remove(): Promise<void> {
    const folder = this.inner;
    this.inner = undefined;
    if (folder) await rm((await folder).dir, { recursive: true, force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads: complaint photos and landing images. */
    storage: StorageProvider;
    /** Released remotes and shells (src/releases). */
    releaseStorage: StorageProvider;
  }
}
