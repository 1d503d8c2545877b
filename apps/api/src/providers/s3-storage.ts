import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings, StorageSettings } from '../env.ts';
import { FolderStorage, checkKey, type PutOptions, type StorageProvider, type StoredStream } from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Objects in an S3-compatible store (AWS S3, Cloudflare R2, MinIO) through @aws-sdk/client-s3, under one prefix
 * of one bucket (`<S3_PREFIX>uploads/`, `<S3_PREFIX>releases/`). The SDK is loaded on first use, so the folder
 * default never pays for it.
 *
 * Checksums are computed and validated only where the S3 API requires them (requestChecksumCalculation and
 * responseChecksumValidation WHEN_REQUIRED): stores that do not implement the SDK's newer default CRC headers
 * (older MinIO, R2 at times, test servers) then work the same as AWS.
 */
export class S3Storage implements StorageProvider {
  private client: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(
    private readonly settings: S3Settings,
    /** Prefix inside the bucket, '' or ending in '/'. */
    private readonly prefix: string,
  ) {}

  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
        forcePathStyle: this.settings.forcePathStyle,
        ...(this.settings.credentials ? { credentials: this.settings.credentials } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }));
    return this.client;
  }

  private keyOf(key: string): string {
    return `${this.prefix}${checkKey(key)}`;
  }

  async put(key: string, bytes: Buffer, contentType: string, options: PutOptions = {}): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
        ...(options.contentEncoding ? { ContentEncoding: options.contentEncoding } : {}),
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.stream(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async stream(key: string): Promise<StoredStream | null> {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      // In Node the body is an http.IncomingMessage (a Readable) with the SDK's helpers mixed in.
      const body = res.Body as Readable | undefined;
      if (!body) return null;
      return { body, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    // S3 answers 204 whether or not the key existed.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  describe(): string {
    const where = this.settings.endpoint ? ` at ${this.settings.endpoint}` : '';
    return `s3://${this.settings.bucket}/${this.prefix}${where}`;
  }

  /** Whether the bucket answers with these credentials (HeadBucket); throws the store's error otherwise. */
  async check(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  /** Closes the SDK's sockets (tests, CLI). */
  async close(): Promise<void> {
    if (!this.client) return;
    (await this.client).client.destroy();
  }
}

/** NoSuchKey (or a bare 404 of a GET); a missing bucket is a configuration error and is thrown. */
function isMissingKey(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The two stores of a deployment: uploads (complaint photos, landing images) and releases (remotes, shells). */
export interface Storages {
  storage: StorageProvider;
  releaseStorage: StorageProvider;
}

/**
 * From the settings (env.ts STORAGE / S3_*): folders on this machine (DATA_DIR/complaint-images and RELEASES_DIR,
 * as before), or one bucket with `<S3_PREFIX>uploads/` and `<S3_PREFIX>releases/`.
 */
export function storagesOf(settings: StorageSettings, dirs: { dataDir: string; releasesDir: string }): Storages {
  if (settings.kind === 's3') {
    return {
      storage: new S3Storage(settings.s3, `${settings.s3.prefix}uploads/`),
      releaseStorage: new S3Storage(settings.s3, `${settings.s3.prefix}releases/`),
    };
  }
  return {
    storage: new FolderStorage(join(dirs.dataDir, 'complaint-images')),
    releaseStorage: new FolderStorage(dirs.releasesDir),
  };
}
