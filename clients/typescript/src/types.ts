/**
 * An operation's request and response types, read from the generated schema by operation id: what the generated
 * methods take and give.
 */
import type { operations } from './generated/schema';

type Operations = operations;
type Id = keyof Operations;

type ContentOf<T> = T extends { content: infer Content } ? Content[keyof Content] : never;

/** The request body of an operation (its first media type: JSON, or CSV text for an upload). */
export type Body<K extends Id> = ContentOf<NonNullable<Operations[K]['requestBody']>>;

/** The query parameters of an operation. */
export type Query<K extends Id> = Operations[K]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

type Successes<R> = { [S in keyof R]: S extends 200 | 201 | 202 | 203 | 204 | 206 ? R[S] : never }[keyof R];
type Readable<T> = T extends { content: infer Content }
  ? Content extends Record<'application/json', infer J>
    ? J
    : Content[keyof Content] extends never
      ? undefined
      : string
  : undefined;

/** What a successful call gives: the JSON body of any documented 2xx, a text download as a string, or undefined for 204. */
export type Result<K extends Id> = Readable<Successes<Operations[K]['responses']>>;

/** One item of a paginated operation's page. */
export type Item<K extends Id> = Result<K> extends { data: ReadonlyArray<infer T> } ? T : never;
