// Verifies an audit export offline: node verify-audit-export.mjs <jwks-url-or-file> <digest.jws> <export.jsonl>
// Needs only Node 20+ and `jose` (npm install jose). Exit code 0 when everything holds, 1 (listing each problem) otherwise.
/* global process, console, TextDecoder, URL */
import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { compactVerify, createLocalJWKSet, createRemoteJWKSet } from 'jose';

const [jwksSource, digestFile, jsonlFile] = process.argv.slice(2);
const jwks = /^https?:/.test(jwksSource)
  ? createRemoteJWKSet(new URL(jwksSource))
  : createLocalJWKSet(JSON.parse(fs.readFileSync(jwksSource, 'utf8')));

// The audit chain's hash: SHA-256 of the canonical JSON (keys sorted at every depth, no whitespace) without `hash`.
const canonical = (v) => v === null || typeof v !== 'object' ? JSON.stringify(v)
  : Array.isArray(v) ? `[${v.map(canonical).join(',')}]`
  : `{${Object.keys(v).filter((k) => v[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

const problems = [];
// 1. The signature, with a key from the published set; the typ keeps any other JWS of the same keys out.
const { payload, protectedHeader } = await compactVerify(fs.readFileSync(digestFile, 'utf8').trim(), jwks, { algorithms: ['ES256'] });
if (protectedHeader.typ !== 'dms-audit-export-digest+json') problems.push(`unexpected JWS typ ${protectedHeader.typ}`);
const digest = JSON.parse(new TextDecoder().decode(payload));

// 2. The file is the one that was signed.
const fileHash = crypto.createHash('sha256');
for await (const chunk of fs.createReadStream(jsonlFile)) fileHash.update(chunk);
if (fileHash.digest('hex') !== digest.jsonl_sha256) problems.push('file SHA-256 differs from the digest');

// 3. Every record is intact, in ascending sequence, and linked to the one before it where the two are consecutive
//    (a filtered export leaves gaps: records left out cannot be checked offline).
let count = 0;
let previous;
for await (const line of readline.createInterface({ input: fs.createReadStream(jsonlFile), crlfDelay: Infinity })) {
  const record = JSON.parse(line);
  const { hash, ...fields } = record;
  if (sha256(canonical(fields)) !== hash) problems.push(`record ${record.sequence}: hash mismatch`);
  if (previous && !(record.sequence > previous.sequence)) problems.push(`record ${record.sequence}: not after record ${previous.sequence}`);
  if (previous && record.sequence === previous.sequence + 1 && record.previous_hash !== previous.hash) {
    problems.push(`record ${record.sequence}: previous_hash is not the hash of record ${previous.sequence}`);
  }
  if (count === 0 && record.sequence !== digest.first_sequence) problems.push('first sequence differs from the digest');
  count++;
  previous = record;
}
if (count !== digest.record_count) problems.push(`${count} records, the digest says ${digest.record_count}`);
if ((previous?.hash ?? null) !== digest.chain_head_hash) problems.push('the last record is not the chain head of the digest');
if ((previous?.sequence ?? null) !== digest.last_sequence) problems.push('last sequence differs from the digest');

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`verified: export ${digest.export_id}, ${count} records, sequences ${digest.first_sequence}-${digest.last_sequence}, signed by ${protectedHeader.kid}`);
