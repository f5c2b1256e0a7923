import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from './storage.ts';

/**
 * A real S3-protocol server for the tests: S3rver (npm @20minutes/s3rver, the maintained fork of
 * jamhall/s3rver), pure JavaScript, so no binary download and nothing to install with apt. It
 * checks AWS Signature V4 and implements PutObject, GetObject, DeleteObject and multipart uploads.
 */
export interface S3TestServer {
  settings: S3Settings;
  /** Where S3rver keeps its buckets (to inspect what is stored). */
  directory: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startS3TestServer(bucket = 'mathbridge-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // S3rver's fixed credentials.
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  return {
    settings,
    directory,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
