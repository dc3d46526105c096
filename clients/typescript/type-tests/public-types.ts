/**
 * Type-level checks of the public types, compiled by `npm run typecheck` (a failing check is a compile error):
 * no operation's body, query or result is `any`, webhook events narrow by `type`, and error codes are a closed union.
 */
import type { Body, Item, OperationId, ProblemCode, Query, Result, WebhookEvent, WebhookEventOf } from '../src/index';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Expect<T extends true> = T;
type Not<T extends boolean> = T extends true ? false : true;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The operations whose body, query, result or page item is `any`: none. */
type AnyOperations = {
  [K in OperationId]: true extends IsAny<Body<K>> | IsAny<Query<K>> | IsAny<Result<K>> | IsAny<Item<K>> ? K : never;
}[OperationId];
export type NoAnyInOperations = Expect<Equal<AnyOperations, never>>;

/** A webhook event's `data` narrows with its `type`. */
export function scenarioIdOf(event: WebhookEvent): string | undefined {
  if (event.type === 'scenario.completed') {
    const narrowed: WebhookEventOf<'scenario.completed'> = event;
    return narrowed.data.scenario.id;
  }
  return undefined;
}
export type EventsAreNotAny = Expect<Not<IsAny<WebhookEvent>>>;

/** Codes are a union of literals, not `string`. */
export type CodesAreClosed = Expect<Not<Equal<ProblemCode, string>>>;
export type KnownCode = Expect<'validation_failed' extends ProblemCode ? true : false>;

/** Results are the documented bodies: a scenario's status is its enumeration. */
export type ScenarioStatus = Expect<
  Equal<NonNullable<Result<'getScenario'>>['status'], 'pending' | 'running' | 'completed' | 'failed' | 'cancelled'>
>;
