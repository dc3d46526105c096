import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where generated files (audit exports) live, by key (`<tenant>/<name>`), as streams both ways so no file is ever
 * held in memory. The local store below is the default; an object store (S3, GCS, Azure Blob) plugs in by
 * implementing these two methods (a multipart upload for `put`, a ranged GET's body for `get`).
 */
export interface FileStore {
  /** Stores the stream under `key`, replacing any file there only once the whole stream has been written. */
  put(key: string, body: Readable): Promise<void>;
  /** The stored file, or undefined if there is none. */
  get(key: string): Promise<Readable | undefined>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Files in a folder (DATA_DIR/exports). A put writes a temporary name and renames it into place, so a reader never
 * sees half a file and a crash leaves at most a temporary file behind, never a truncated export.
 */
export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe file store key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.tmp-${crypto.randomBytes(6).toString('hex')}`;
      try {
        await pipeline(body, fs.createWriteStream(temporary, { mode: 0o600 }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const handle = await fs.promises.open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      return handle?.createReadStream();
    },
  };
}

/** The default store of audit exports: DATA_DIR/exports/<tenant>/<export>.<format>. */
export function exportFileStore(dataDir: string): FileStore {
  return createLocalFileStore(path.join(dataDir, 'exports'));
}
