import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A bucket the media store tests write to: s3rver on this machine, or a real S3 (`TEST_S3_*`). */
export interface S3TestBucket {
  /** `s3rver` or `real S3 (<endpoint>)`. */
  name: string;
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Whether the server checks signatures (s3rver only checks the expiry of a signed URL). */
  checksSignatures: boolean;
  close: () => Promise<void>;
}

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver ships no types
const S3rver: new (options: S3rverOptions) => S3rverServer = require('s3rver');

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER';

/** s3rver on a free port of 127.0.0.1 (path-style), its objects in a temporary folder removed on close. */
export async function startS3rver(bucket = 'media'): Promise<S3TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    name: 's3rver',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
    checksSignatures: false,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A real S3-compatible bucket when `TEST_S3_BUCKET`, `TEST_S3_ACCESS_KEY_ID` and `TEST_S3_SECRET_ACCESS_KEY`
 * are set (`TEST_S3_ENDPOINT` empty: AWS; `TEST_S3_REGION`, default us-east-1; `TEST_S3_FORCE_PATH_STYLE`,
 * default true). The tests write under a prefix of their own and remove it.
 */
export function realS3FromEnv(env: NodeJS.ProcessEnv = process.env): S3TestBucket | null {
  const { TEST_S3_ENDPOINT, TEST_S3_REGION, TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, TEST_S3_FORCE_PATH_STYLE } = env;
  if (!TEST_S3_BUCKET || !TEST_S3_ACCESS_KEY_ID || !TEST_S3_SECRET_ACCESS_KEY) return null;
  return {
    name: `real S3 (${TEST_S3_ENDPOINT || 'AWS'})`,
    endpoint: TEST_S3_ENDPOINT || undefined,
    region: TEST_S3_REGION || 'us-east-1',
    bucket: TEST_S3_BUCKET,
    accessKeyId: TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: TEST_S3_SECRET_ACCESS_KEY,
    forcePathStyle: TEST_S3_FORCE_PATH_STYLE !== 'false',
    checksSignatures: true,
    close: async () => undefined,
  };
}
