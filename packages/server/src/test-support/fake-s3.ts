import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/file-store';

export interface FakeS3 {
  /** What `STORAGE=s3` is configured with to reach it (path style: s3rver has no bucket host names). */
  settings: S3Settings;
  /** The same as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver on a free loopback port with one bucket, holding its objects in a temporary folder. It checks each
 * request's Signature V4 against its one key pair (S3RVER / S3RVER), so a wrongly signed call fails as on S3.
 */
export async function startFakeS3(bucket = 'tender-files'): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'tender-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      endpoint,
      region: 'us-east-1',
      bucket,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
