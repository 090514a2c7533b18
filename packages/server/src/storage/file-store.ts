import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/**
 * Where the server keeps files members download again — avatars and export files (docs/operations.md "Files"):
 * a folder of this node (`STORAGE=local`) or an S3-compatible bucket every node reads (`STORAGE=s3`). Keys are
 * the callers' own (`alpha/12-…png`, `42.xlsx`), checked by them before they get here.
 */
export interface FileStore {
  /** Stores `data` under `key`, replacing what was there. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /**
   * Lets `write` make the file at a local path and stores it under `key` once `write` resolves (a file too big
   * to hold in memory, written as a stream). Nothing is stored when `write` throws.
   */
  writeVia<T>(key: string, contentType: string, write: (path: string) => Promise<T>): Promise<T>;
  /** The stored file as a stream, or undefined when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the file; one that is not there is no error. */
  remove(key: string): Promise<void>;
}

/** Files under `root` on this node's disk (DATA_DIR/uploads/avatars, DATA_DIR/exports). */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, key);
  return {
    async put(key, data) {
      await mkdir(dirname(pathOf(key)), { recursive: true });
      await writeFile(pathOf(key), data);
    },
    async writeVia(key, _contentType, write) {
      await mkdir(dirname(pathOf(key)), { recursive: true });
      return write(pathOf(key));
    },
    async open(key) {
      const found = await stat(pathOf(key)).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return { stream: createReadStream(pathOf(key)), size: found.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** `STORAGE=s3`: the bucket and how to reach it (`S3_*`, src/config.ts). */
export interface S3Settings {
  /** Unset: AWS's own endpoint for the region. OSS, COS and MinIO give theirs. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** `bucket` in the path (MinIO, s3rver) instead of the host name (AWS, OSS, COS). */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (instance role, AWS_* variables, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK's default since 2025 adds CRC32 checksums to every upload and checks them on downloads; several
    // S3-compatible services (older OSS/COS gateways, s3rver) reject or lack them. Only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects under `prefix` (`avatars/`, `exports/`) in the bucket. */
export function s3FileStore(client: S3Client, bucket: string, prefix: string): FileStore {
  const objectKey = (key: string) => `${prefix}${key}`;
  const upload = async (key: string, body: Uint8Array | Readable, size: number, contentType: string) => {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Body: body,
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  };
  return {
    put: (key, data, contentType) => upload(key, data, data.byteLength, contentType),
    async writeVia(key, contentType, write) {
      const dir = await mkdtemp(join(tmpdir(), 'tender-s3-'));
      const path = join(dir, `${randomBytes(4).toString('hex')}.part`);
      try {
        const result = await write(path);
        const { size } = await stat(path);
        await upload(key, createReadStream(path), size, contentType);
        return result;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!answer.Body) return undefined;
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}

/** The two stores of a server: avatars and export files. */
export interface FileStores {
  avatars: FileStore;
  exports: FileStore;
}

/** `STORAGE=local` (the folders of DATA_DIR) or `STORAGE=s3` (one bucket, a prefix each). */
export function fileStores(
  storage: { kind: 'local'; uploadsDir: string; exportsDir: string } | { kind: 's3'; settings: S3Settings },
): FileStores {
  if (storage.kind === 'local') {
    return {
      avatars: localFileStore(join(storage.uploadsDir, 'avatars')),
      exports: localFileStore(storage.exportsDir),
    };
  }
  const client = s3Client(storage.settings);
  return {
    avatars: s3FileStore(client, storage.settings.bucket, 'avatars/'),
    exports: s3FileStore(client, storage.settings.bucket, 'exports/'),
  };
}
