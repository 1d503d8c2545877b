import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/env.ts';

// The AWS SDK warns once per process that its 2027 releases need Node 22; the tests run on the supported Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** Settings for a bucket of this server, as env.ts storageSettingsOf makes them. */
  settings(bucket: string, prefix?: string): S3Settings;
  close(): Promise<void>;
}

/**
 * An S3-protocol server in this process on a loopback port (s3rver: the S3 REST API over a temp folder), with
 * the given buckets. Path-style addressing, as for MinIO.
 */
export async function startS3(buckets: string[]): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'lendview-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (bucket, prefix = '') => ({ endpoint, region: 'us-east-1', bucket, forcePathStyle: true, credentials: S3_KEY, prefix }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
