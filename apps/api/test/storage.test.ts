import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv, loadReleaseEnv, storageProblems } from '../src/env.ts';
import { S3Storage, storagesOf } from '../src/providers/s3-storage.ts';
import { FolderStorage, type StorageProvider } from '../src/providers/storage.ts';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { release } from '../src/releases/service.ts';
import { remoteBuild, shellBuild, tempDir } from './helpers/releases.ts';
import { S3_KEY, startS3, type TestS3 } from './helpers/s3.ts';
import { BACKENDS, envelopeOf, useTestApp } from './helpers/setup.ts';
import { tinyPng, uploadAs } from './helpers/uploads.ts';

const BIG = `export const big = ${JSON.stringify('y'.repeat(400 * 1024))};`;

// The storage provider (issue 15): the local folder (the embedded default) and any S3-compatible store, here an
// S3-protocol server started by the test (s3rver on a loopback port). Both must behave the same.

let s3: TestS3;
const tmp = mkdtempSync(join(tmpdir(), 'lendview-storage-test-'));
beforeAll(async () => {
  s3 = await startS3(['lendview', 'other']);
});
afterAll(async () => {
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const implementations: [string, () => StorageProvider][] = [
  ['folder', () => new FolderStorage(mkdtempSync(join(tmp, 'folder-')))],
  ['s3', () => new S3Storage(s3.settings('lendview', `t${Math.random().toString(36).slice(2)}/`), 'uploads/')],
];

describe.each(implementations)('%s storage', (_kind, make) => {
  let storage: StorageProvider;
  beforeAll(() => {
    storage = make();
  });
  afterAll(async () => {
    if (storage instanceof S3Storage) await storage.close();
  });

  it('puts, gets, streams and deletes, flat and nested keys', async () => {
    await storage.put('complaint-abc123', Buffer.from('photo'), 'image/jpeg');
    await storage.put('marketing/0.1.0/assets/app-1a2b.js', Buffer.from('export {}'), 'text/javascript', { cacheControl: 'no-cache' });
    expect((await storage.get('complaint-abc123'))?.toString()).toBe('photo');
    const streamed = await storage.stream('marketing/0.1.0/assets/app-1a2b.js');
    expect(streamed?.size).toBe(9);
    expect(await text(streamed!.body)).toBe('export {}');
    // Written again: the new bytes (a local build republished; an upload never reuses a key).
    await storage.put('complaint-abc123', Buffer.from('photo 2'), 'image/jpeg');
    expect((await storage.get('complaint-abc123'))?.toString()).toBe('photo 2');
    await storage.delete('complaint-abc123');
    expect(await storage.get('complaint-abc123')).toBeNull();
    await storage.delete('complaint-abc123'); // not there: not an error
  });

  it('a missing key is null, also where a folder would be', async () => {
    expect(await storage.get('nope')).toBeNull();
    expect(await storage.stream('nope/deeper/file.js')).toBeNull();
    await storage.put('dir/file.js', Buffer.from('1'), 'text/javascript');
    expect(await storage.get('dir')).toBeNull();
    expect(await storage.stream('dir/file.js/more')).toBeNull();
  });

  it('large bytes go through whole', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    big.write('end', big.length - 3);
    await storage.put('big/asset.bin', big, 'application/octet-stream');
    const streamed = await storage.stream('big/asset.bin');
    expect(streamed?.size).toBe(big.length);
    const chunks: Buffer[] = [];
    for await (const c of streamed!.body) chunks.push(Buffer.from(c as Buffer));
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect((await storage.get('big/asset.bin'))!.equals(big)).toBe(true);
  });

  it.each([
    '',
    '../escape',
    '/absolute',
    '.hidden',
    'a//b',
    'a/../b',
    'a/./b',
    'a/.git/config',
    'with space',
    'back\\slash',
    'x/'.repeat(20) + 'y',
    'a'.repeat(201),
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
  });
});

describe('S3 storage', () => {
  const client = () =>
    new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_KEY,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

  it('keeps each store under its prefix of the bucket, with the HTTP metadata a CDN needs', async () => {
    const { storage, releaseStorage } = storagesOf(
      { kind: 's3', s3: s3.settings('lendview', 'prod/') },
      { dataDir: tmp, releasesDir: tmp },
    );
    await storage.put('complaint-1', Buffer.from('photo'), 'image/jpeg');
    await releaseStorage.put('marketing/0.1.0/assets/app.js.br', Buffer.from('br'), 'text/javascript; charset=utf-8', {
      cacheControl: 'public, max-age=31536000, immutable',
      contentEncoding: 'br',
    });
    const c = client();
    const listed = await c.send(new ListObjectsV2Command({ Bucket: 'lendview', Prefix: 'prod/' }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([
      'prod/releases/marketing/0.1.0/assets/app.js.br',
      'prod/uploads/complaint-1',
    ]);
    const head = await c.send(new HeadObjectCommand({ Bucket: 'lendview', Key: 'prod/releases/marketing/0.1.0/assets/app.js.br' }));
    expect(head.ContentType).toBe('text/javascript; charset=utf-8');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(head.ContentEncoding).toBe('br');
    // The two stores do not see each other's keys.
    expect(await storage.get('marketing/0.1.0/assets/app.js.br')).toBeNull();
    expect(releaseStorage.describe()).toBe(`s3://lendview/prod/releases/ at ${s3.endpoint}`);
    c.destroy();
    await (storage as S3Storage).close();
    await (releaseStorage as S3Storage).close();
  });

  it('a missing bucket or wrong credentials are errors, never "no such file"', async () => {
    const missing = new S3Storage(s3.settings('no-such-bucket'), '');
    await expect(missing.get('x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(missing.check()).rejects.toThrow();
    await expect(new S3Storage(s3.settings('other'), '').check()).resolves.toBeUndefined();
    await missing.close();
  });
});

describe('folder storage', () => {
  it('keeps the layout of the folders it replaces: DATA_DIR/complaint-images/<key>, RELEASES_DIR/<app>/<version>/<file>', async () => {
    const dataDir = join(tmp, 'data');
    const releasesDir = join(tmp, 'releases');
    const { storage, releaseStorage } = storagesOf({ kind: 'folder' }, { dataDir, releasesDir });
    await storage.put('complaint-9', Buffer.from('p'), 'image/jpeg');
    await releaseStorage.put('marketing/0.1.0/remoteEntry.js', Buffer.from('e'), 'text/javascript');
    expect(readFileSync(join(dataDir, 'complaint-images/complaint-9'), 'utf8')).toBe('p');
    expect(readFileSync(join(releasesDir, 'marketing/0.1.0/remoteEntry.js'), 'utf8')).toBe('e');
    expect(releaseStorage.describe()).toBe(`folder:${releasesDir}`);
  });
});

describe('STORAGE and S3_* (env.ts)', () => {
  const SECRETS = {
    PAYMENT_WEBHOOK_SECRET: 'p'.repeat(40),
    CARD_FINGERPRINT_SECRET: 'c'.repeat(40),
    SMS_CODE_SECRET: 's'.repeat(40),
    OPS_TOTP_KEY: 'o'.repeat(40),
  };
  const S3 = {
    STORAGE: 's3',
    S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
    S3_REGION: 'auto',
    S3_BUCKET: 'lendview-prod',
    S3_ACCESS_KEY_ID: 'AKIA0000',
    S3_SECRET_ACCESS_KEY: 'secret0000',
  };

  it('the folder is the default; a complete S3 configuration gives its settings', () => {
    expect(loadEnv({ DEMO_MODE: '1' }).storage).toEqual({ kind: 'folder' });
    const env = loadEnv({
      ...SECRETS,
      ...S3,
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'lendview/prod',
      ASSET_ORIGIN: 'https://cdn.example.com/',
    });
    expect(env.storage).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://acc.r2.cloudflarestorage.com',
        region: 'auto',
        bucket: 'lendview-prod',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIA0000', secretAccessKey: 'secret0000' },
        prefix: 'lendview/prod/',
      },
    });
    expect(env.assetOrigin).toBe('https://cdn.example.com');
    // On AWS itself, no keys: the SDK's default credentials (an instance role).
    expect(loadEnv({ ...SECRETS, STORAGE: 's3', S3_REGION: 'ap-southeast-3', S3_BUCKET: 'b-1' }).storage).toMatchObject({
      s3: { endpoint: undefined, credentials: undefined },
    });
  });

  it('production refuses an incomplete S3 configuration, naming each missing piece', () => {
    const production = { ...SECRETS, NODE_ENV: 'production', GRIEVANCE_OFFICER_NAME: 'x' };
    let error: EnvError | undefined;
    try {
      loadEnv({ ...production, STORAGE: 's3', S3_ENDPOINT: 'http://minio.internal:9000', S3_ACCESS_KEY_ID: 'k' });
    } catch (e) {
      error = e as EnvError;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect(error!.problems).toEqual(
      expect.arrayContaining([
        'STORAGE=s3 needs S3_BUCKET: the bucket that holds uploads and releases.',
        "STORAGE=s3 needs S3_REGION: the bucket's region (AWS: e.g. ap-southeast-3; Cloudflare R2: auto; MinIO: us-east-1).",
        "STORAGE=s3 has S3_ACCESS_KEY_ID without S3_SECRET_ACCESS_KEY: set both (the store's access key), or neither on AWS to use the instance's role.",
        'S3_ENDPOINT http://minio.internal:9000 is plain http in production: every upload and release would cross the network unencrypted. Use https.',
      ]),
    );
    // S3_* without STORAGE=s3: the files would stay on one machine.
    expect(storageProblems({ S3_BUCKET: 'b', S3_REGION: 'r' }, true)).toEqual([
      'S3_REGION, S3_BUCKET are set but STORAGE is not s3: uploads and releases would stay in folders on this machine, which other instances do not see. Set STORAGE=s3, or unset them.',
    ]);
    expect(storageProblems({ S3_BUCKET: 'b' }, false)).toEqual([]);
    expect(storageProblems({ ASSET_ORIGIN: 'http://cdn.example.com' }, true)).toEqual([
      'ASSET_ORIGIN http://cdn.example.com is plain http in production: pages would load their scripts unencrypted. Use https.',
    ]);
    // Staging (a trial cluster, its store on a private network): plain http to the store is allowed; nothing else changes.
    expect(
      storageProblems({ ...S3, STORAGE: 's3', S3_ENDPOINT: 'http://minio:9000', ASSET_ORIGIN: 'http://127.0.0.1:8080' }, true, true),
    ).toEqual([]);
    expect(storageProblems({ STORAGE: 's3', S3_ENDPOINT: 'http://minio:9000' }, true, true)).toEqual([
      'STORAGE=s3 needs S3_BUCKET: the bucket that holds uploads and releases.',
      "STORAGE=s3 needs S3_REGION: the bucket's region (AWS: e.g. ap-southeast-3; Cloudflare R2: auto; MinIO: us-east-1).",
      'STORAGE=s3 with S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: only AWS itself has default credentials (an instance or task role).',
    ]);
  });

  it('an S3 configuration that cannot work is refused in every mode', () => {
    expect(() => loadEnv({ DEMO_MODE: '1', STORAGE: 's3', S3_REGION: 'us-east-1' })).toThrow(/STORAGE=s3 needs S3_BUCKET/);
    expect(() => loadEnv({ DEMO_MODE: '1', ...S3, S3_ENDPOINT: 'https://x.example/path' })).toThrow(
      /must be an http\(s\) URL without a path/,
    );
    expect(() => loadEnv({ DEMO_MODE: '1', ...S3, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /with S3_ENDPOINT needs S3_ACCESS_KEY_ID/,
    );
    expect(() => loadEnv({ DEMO_MODE: '1', ...S3, S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => loadEnv({ DEMO_MODE: '1', ...S3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/is not a bucket name/);
    expect(() => loadEnv({ DEMO_MODE: '1', ASSET_ORIGIN: 'https://cdn.example.com/assets' })).toThrow(
      /ASSET_ORIGIN .* must be an origin only/,
    );
    expect(() => loadEnv({ DEMO_MODE: '1', STORAGE: 'gcs' })).toThrow(/STORAGE must be folder \(the default\) or s3/);
  });

  it('the release commands read the same settings without any secret', () => {
    const env = loadReleaseEnv({ ...S3, DATA_DIR: '/srv/data' });
    expect(env.storage.kind).toBe('s3');
    expect(env.dataDir).toBe('/srv/data');
    expect(env.migrate).toBe(true);
    expect(loadReleaseEnv({ NODE_ENV: 'production' }).migrate).toBe(false);
    expect(() => loadReleaseEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});

/** A store chosen after the app's options are written (the S3 server starts in beforeAll). */
class LateStorage implements StorageProvider {
  target: StorageProvider | undefined;
  private get t() {
    if (!this.target) throw new Error('storage not set yet');
    return this.target;
  }
  put(...args: Parameters<StorageProvider['put']>) {
    return this.t.put(...args);
  }
  get(key: string) {
    return this.t.get(key);
  }
  stream(key: string) {
    return this.t.stream(key);
  }
  delete(key: string) {
    return this.t.delete(key);
  }
  describe() {
    return this.t.describe();
  }
}

describe.each(BACKENDS)('the product on S3 storage (%s)', (backend) => {
  const uploads = new LateStorage();
  const releases = new LateStorage();
  const ctx = useTestApp(backend, {
    setup: async (_app, c) => {
      const settings = s3.settings('lendview', `app-${backend}/`);
      const stores = storagesOf({ kind: 's3', s3: settings }, { dataDir: c.releasesDir, releasesDir: c.releasesDir });
      uploads.target = stores.storage;
      releases.target = stores.releaseStorage;
      const rc = { db: c.db, storage: releases, actor: 'ci@build' };
      await release(rc, 'shell', shellBuild(tempDir(), { version: '0.1.0', index: '<!doctype html><title>s3</title>' }));
      await release(
        rc,
        'marketing',
        remoteBuild(tempDir(), {
          name: 'marketing',
          version: '1.0.0',
          routes: ['/About'],
          files: {
            'assets/app-1a2b.js': 'export default 1;',
            'assets/app-1a2b.js.br': brotliCompressSync('export default 1;'),
            'assets/big-3c4d.js': BIG,
          },
        }),
      );
    },
    app: { storage: uploads, releases: { storage: releases } },
  });
  afterAll(async () => {
    for (const s of [uploads.target, releases.target]) if (s instanceof S3Storage) await s.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('serves the manifest, the shell and remote files from the bucket: precompressed copies, revalidation, large files streamed', async () => {
    expect((await get('/remotes.json')).json()).toMatchObject({ remotes: [{ app: 'marketing', version: '1.0.0' }] });
    expect((await get('/About', { accept: 'text/html' })).body).toBe('<!doctype html><title>s3</title>');
    const br = await get('/remotes/marketing/1.0.0/assets/app-1a2b.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('export default 1;');
    const entry = await get('/remotes/marketing/1.0.0/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/marketing/1.0.0/remoteEntry.js', { 'if-none-match': String(entry.headers.etag) })).statusCode).toBe(304);
    const big = await get('/remotes/marketing/1.0.0/assets/big-3c4d.js');
    expect(big.headers['content-length']).toBe(String(Buffer.byteLength(BIG)));
    expect(big.body).toBe(BIG);
    const listed = await new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_KEY,
    }).send(new ListObjectsV2Command({ Bucket: 'lendview', Prefix: `app-${backend}/releases/marketing/1.0.0/` }));
    expect((listed.Contents ?? []).map((o) => o.Key!.slice(`app-${backend}/releases/marketing/1.0.0/`.length)).sort()).toEqual([
      'assets/app-1a2b.js',
      'assets/app-1a2b.js.br',
      'assets/big-3c4d.js',
      'lendview-remote.json',
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
  });

  it('keeps complaint photos in the bucket', async () => {
    const res = await uploadAs(ctx, 'demo-borrower', { bytes: tinyPng(3) });
    const url = (envelopeOf(res) as { data: { url: string } }).data.url;
    // The upload answers the photo's signed URL (docs/security.md "Signed file URLs"): it opens as it is.
    expect(url).toMatch(/\?exp=\d+&sig=[\w-]{43}$/);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const [row] = await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM complaint_images ORDER BY id DESC LIMIT 1');
    const head = await new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_KEY }).send(
      new HeadObjectCommand({ Bucket: 'lendview', Key: `app-${backend}/uploads/${row!.storage_key}` }),
    );
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.ContentLength).toBe(served.rawPayload.length);
  });
});
