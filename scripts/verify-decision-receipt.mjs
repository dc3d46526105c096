// Verifies a decision receipt offline: node verify-decision-receipt.mjs <jwks-url-or-file> <receipt.jws> [inputs.json]
// Needs only Node 20+ and `jose` (npm install jose). Checks the signature against the published keys
// (/.well-known/audit-jwks.json) and the receipt's type; with the inputs you gave (a JSON file), that the receipt's
// inputs_sha256 is the SHA-256 of their canonical JSON. Prints the receipt's content; exit code 0 when everything
// holds, 1 (saying what failed) otherwise.
/* global process, console, URL, TextDecoder */
import crypto from 'node:crypto';
import fs from 'node:fs';

const RECEIPT_TYPE = 'dms-decision-receipt+json';

// Canonical JSON: keys sorted at every depth, no whitespace, members whose value is undefined left out.
function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonical(item))).join(',')}]`;
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
}

async function main() {
  const [jwksSource, receiptFile, inputsFile] = process.argv.slice(2);
  if (!jwksSource || !receiptFile) {
    console.error('usage: node verify-decision-receipt.mjs <jwks-url-or-file> <receipt.jws> [inputs.json]');
    return 1;
  }
  const { compactVerify, createLocalJWKSet, createRemoteJWKSet } = await import('jose');
  const jwks = /^https?:/.test(jwksSource)
    ? createRemoteJWKSet(new URL(jwksSource))
    : createLocalJWKSet(JSON.parse(fs.readFileSync(jwksSource, 'utf8')));
  let verified;
  try {
    verified = await compactVerify(fs.readFileSync(receiptFile, 'utf8').trim(), jwks, { algorithms: ['ES256'] });
  } catch (error) {
    console.error(`the receipt's signature does not verify: ${error.message}`);
    return 1;
  }
  if (verified.protectedHeader.typ !== RECEIPT_TYPE) {
    console.error(`not a decision receipt (typ ${verified.protectedHeader.typ})`);
    return 1;
  }
  const receipt = JSON.parse(new TextDecoder().decode(verified.payload));
  if (inputsFile) {
    const hash = crypto
      .createHash('sha256')
      .update(canonical(JSON.parse(fs.readFileSync(inputsFile, 'utf8'))))
      .digest('hex');
    if (hash !== receipt.inputs_sha256) {
      console.error(
        `the inputs do not match the receipt: their SHA-256 is ${hash}, the receipt's ${receipt.inputs_sha256}`,
      );
      return 1;
    }
  }
  console.log(JSON.stringify(receipt, null, 2));
  console.log(`verified: signed by key ${verified.protectedHeader.kid}${inputsFile ? ', inputs match' : ''}`);
  return 0;
}

process.exitCode = await main();
