// Verifies an audit export offline: node verify-audit-export.mjs <jwks-url-or-file> <digest.jws> <export.jsonl>
// Needs only Node 20+ and `jose` (npm install jose). Exit code 0 when everything holds, 1 (listing each problem) otherwise.
//
// The records are checked in parallel: the file is cut at line boundaries into one slice per CPU, each slice is
// verified by a worker thread (this same file), and the slices' ends are then linked here. One thread alone does
// about 100,000 records/s; a million-record export takes seconds on two cores.
/* global process, console, Buffer, TextDecoder, URL */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

// The audit chain's hash: SHA-256 of the canonical JSON (keys sorted at every depth, no whitespace, members whose
// value is undefined left out) of the record without `hash`.
function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++)
      out += (i > 0 ? ',' : '') + (value[i] === undefined ? 'null' : canonical(value[i]));
    return `${out}]`;
  }
  return canonicalMembers(value, undefined);
}
function canonicalMembers(object, skip) {
  let out = '{';
  for (const key of Object.keys(object).sort()) {
    if (key === skip || object[key] === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonical(object[key])}`;
  }
  return `${out}}`;
}
// crypto.hash (Node 20.12+) is a one-shot without a Hash object per record; older Nodes take the long way.
const sha256 = crypto.hash
  ? (text) => crypto.hash('sha256', text)
  : (text) => crypto.createHash('sha256').update(text).digest('hex');
const MAX_PROBLEMS = 1000;

/**
 * One slice of the file (bytes `start` to `end`, whole lines): every record's hash recomputes, sequences ascend, and
 * consecutive records are linked. Returns the slice's first and last records so the caller can link the slices.
 */
async function verifySlice({ file, start, end }) {
  const problems = [];
  const problem = (text) => problems.length < MAX_PROBLEMS && problems.push(text);
  let count = 0;
  let first = null;
  let previous = null;
  const verifyLine = (line) => {
    if (line === '') return;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      problem(`a line after record ${previous?.sequence ?? 'none'} is not JSON`);
      return;
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      problem(`a line after record ${previous?.sequence ?? 'none'} is not a record`);
      return;
    }
    if (sha256(canonicalMembers(record, 'hash')) !== record.hash) problem(`record ${record.sequence}: hash mismatch`);
    if (previous) {
      if (!(record.sequence > previous.sequence))
        problem(`record ${record.sequence}: not after record ${previous.sequence}`);
      if (record.sequence === previous.sequence + 1 && record.previous_hash !== previous.hash) {
        problem(`record ${record.sequence}: previous_hash is not the hash of record ${previous.sequence}`);
      }
    }
    const summary = { sequence: record.sequence, previous_hash: record.previous_hash, hash: record.hash };
    first ??= summary;
    previous = summary;
    count++;
  };
  // Lines are found in the raw bytes and decoded one at a time: cheaper than decoding the chunk and splitting the
  // string, and a line feed byte never occurs inside a multi-byte UTF-8 character.
  let carry = Buffer.alloc(0);
  if (end > start) {
    for await (const read of fs.createReadStream(file, { start, end: end - 1, highWaterMark: 1 << 20 })) {
      const chunk = carry.length > 0 ? Buffer.concat([carry, read]) : read;
      let lineStart = 0;
      for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, lineStart)) {
        verifyLine(chunk.toString('utf8', lineStart, newline));
        lineStart = newline + 1;
      }
      carry = chunk.subarray(lineStart);
    }
  }
  verifyLine(carry.toString('utf8'));
  return { count, first, last: previous, problems };
}

/** Cuts the file into `parts` slices of whole lines (each cut just after a line feed). */
function slices(file, parts) {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  const cuts = [0];
  const buffer = Buffer.alloc(64 * 1024);
  for (let i = 1; i < parts; i++) {
    let position = Math.max(Math.floor((size * i) / parts), cuts[cuts.length - 1]);
    let cut = size;
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, position);
      if (read === 0) break;
      const newline = buffer.subarray(0, read).indexOf(10);
      if (newline >= 0) {
        cut = position + newline + 1;
        break;
      }
      position += read;
    }
    cuts.push(cut);
  }
  fs.closeSync(fd);
  cuts.push(size);
  return cuts.slice(0, -1).map((start, i) => ({ file, start, end: cuts[i + 1] }));
}

if (!isMainThread) {
  parentPort.postMessage(await verifySlice(workerData));
} else {
  const { compactVerify, createLocalJWKSet, createRemoteJWKSet } = await import('jose');
  const [jwksSource, digestFile, jsonlFile] = process.argv.slice(2);
  const jwks = /^https?:/.test(jwksSource)
    ? createRemoteJWKSet(new URL(jwksSource))
    : createLocalJWKSet(JSON.parse(fs.readFileSync(jwksSource, 'utf8')));

  const problems = [];
  // 1. The signature, with a key from the published set; the typ keeps any other JWS of the same keys out.
  const { payload, protectedHeader } = await compactVerify(fs.readFileSync(digestFile, 'utf8').trim(), jwks, {
    algorithms: ['ES256'],
  });
  if (protectedHeader.typ !== 'dms-audit-export-digest+json')
    problems.push(`unexpected JWS typ ${protectedHeader.typ}`);
  const digest = JSON.parse(new TextDecoder().decode(payload));

  // 2. and 3. at once: the file's SHA-256 here, the records in worker threads.
  const threads = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, 16));
  const verified = Promise.all(
    slices(jsonlFile, threads).map(
      (slice) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: slice });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  // 2. The file is the one that was signed.
  const fileHash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(jsonlFile, { highWaterMark: 1 << 20 })) fileHash.update(chunk);
  if (fileHash.digest('hex') !== digest.jsonl_sha256) problems.push('file SHA-256 differs from the digest');

  // 3. Every record is intact, in ascending sequence, and linked to the one before it where the two are consecutive
  //    (a filtered export leaves gaps: records left out cannot be checked offline). Slices are linked end to start.
  let count = 0;
  let first = null;
  let previous = null;
  for (const slice of await verified) {
    problems.push(...slice.problems);
    if (slice.count === 0) continue;
    if (previous) {
      if (!(slice.first.sequence > previous.sequence))
        problems.push(`record ${slice.first.sequence}: not after record ${previous.sequence}`);
      if (slice.first.sequence === previous.sequence + 1 && slice.first.previous_hash !== previous.hash) {
        problems.push(`record ${slice.first.sequence}: previous_hash is not the hash of record ${previous.sequence}`);
      }
    }
    first ??= slice.first;
    previous = slice.last;
    count += slice.count;
  }
  if ((first?.sequence ?? null) !== digest.first_sequence) problems.push('first sequence differs from the digest');
  if (count !== digest.record_count) problems.push(`${count} records, the digest says ${digest.record_count}`);
  if ((previous?.hash ?? null) !== digest.chain_head_hash)
    problems.push('the last record is not the chain head of the digest');
  if ((previous?.sequence ?? null) !== digest.last_sequence) problems.push('last sequence differs from the digest');

  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log(
    `verified: export ${digest.export_id}, ${count} records, sequences ${digest.first_sequence}-${digest.last_sequence}, signed by ${protectedHeader.kid}`,
  );
}
