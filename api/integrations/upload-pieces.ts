import { insertUploadChunk } from '../../db/repositories/integration-uploads';
import type { TenantScope } from '../../db/tenant-scope';

/** Writes the bytes in pieces of exactly `chunkBytes` (the last one shorter), so a reader can seek by offset. */
export function pieceWriter(scope: TenantScope, uploadId: string, chunkBytes: number) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  return {
    async add(piece: Buffer) {
      pending.push(piece);
      pendingBytes += piece.length;
      while (pendingBytes >= chunkBytes) {
        const all = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
        await insertUploadChunk(scope, uploadId, seq++, all.subarray(0, chunkBytes));
        pending = [all.subarray(chunkBytes)];
        pendingBytes = all.length - chunkBytes;
      }
    },
    async flush() {
      if (pendingBytes > 0) await insertUploadChunk(scope, uploadId, seq++, Buffer.concat(pending));
    },
  };
}
