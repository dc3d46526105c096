import { monotonicFactory } from 'ulid';

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
  decision: 'dec',
  integration: 'int',
  webhook: 'whk',
  event: 'evt',
  webhookDelivery: 'dlv',
  request: 'req',
  user: 'usr',
  oauthClient: 'cli',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const nextUlid = monotonicFactory();

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid().toLowerCase()}`;
}

const ULID_BODY = /^[0-9a-hjkmnp-tv-z]{26}$/;

export function isIdOf(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ULID_BODY.test(value.slice(prefix.length));
}
