import crypto from 'node:crypto';
import { encodeTime, monotonicFactory, ulid } from 'ulid';

/**
 * Opaque, prefixed, time-sortable ids. The prefix makes a wrong-type id an obvious 404, and ULIDs sort by
 * creation time (so keyset pagination on id is newest-first) without revealing counts.
 */
export const ID_PREFIXES = {
  tenant: 'ten',
  apiKey: 'key',
  scenario: 'scn',
  batch: 'bat',
  model: 'mdl',
  kpi: 'kpi',
  kpiAlertRule: 'kar',
  kpiAlert: 'kal',
  kpiAlertTransition: 'kat',
  decision: 'dec',
  integration: 'int',
  integrationSync: 'syn',
  integrationUpload: 'upl',
  webhook: 'whk',
  event: 'evt',
  webhookDelivery: 'dlv',
  request: 'req',
  user: 'usr',
  oauthClient: 'cli',
  auditRecord: 'aud',
  auditExport: 'aex',
  evidence: 'evd',
  approvalPolicy: 'apl',
  approvalPolicyVersion: 'apv',
  decisionOutcome: 'out',
  decisionOutcomeKpi: 'okl',
  modelTestCase: 'mtc',
  modelTestRun: 'mtr',
  modelRelease: 'rel',
  modelReplay: 'rpl',
  notification: 'ntf',
  chatDestination: 'chd',
  invitation: 'inv',
  decisionInstance: 'din',
  environment: 'env',
  modelDeployment: 'dpl',
  failureRetry: 'frt',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/**
 * The ULID's random part from the system's CSPRNG, drawn 4 KiB at a time: the library's default asks the system
 * for one byte per character (16 calls per id), which costs a measurable share of a request on a virtual machine.
 */
const pool = new Uint8Array(4096);
let poolIndex = pool.length;
function pooledRandom(): number {
  if (poolIndex >= pool.length) {
    crypto.getRandomValues(pool);
    poolIndex = 0;
  }
  return (pool[poolIndex++] as number) / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid().toLowerCase()}`;
}

/** An id minted as if at `ms` (seeding a history of evaluations: the bench, a retention test). */
export function newIdAt(kind: IdKind, ms: number): string {
  return `${ID_PREFIXES[kind]}_${ulid(ms, pooledRandom).toLowerCase()}`;
}

/** The smallest id of `kind` minted at or after `at`: a bound on ids that is a bound on time. */
export function idFloorAt(kind: IdKind, at: Date): string {
  return `${ID_PREFIXES[kind]}_${encodeTime(at.getTime(), 10).toLowerCase()}${'0'.repeat(16)}`;
}

const ULID_BODY = /^[0-9a-hjkmnp-tv-z]{26}$/;

export function isIdOf(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ULID_BODY.test(value.slice(prefix.length));
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** When an id was minted: the time part of its ULID (the first 10 characters, milliseconds since the epoch). */
export function idTime(id: string): Date {
  const body = id.slice(id.indexOf('_') + 1, id.indexOf('_') + 11).toLowerCase();
  let ms = 0;
  for (const char of body) ms = ms * 32 + CROCKFORD.indexOf(char);
  return new Date(ms);
}
