/**
 * Context functions (DMN 1.5 §10.3.4.8 and the 1.4/1.5 additions): get value, get entries, context, context put,
 * context merge; and `not`.
 */
import type { FeelContext, FeelValue } from '../types';
import { isContext, isList, makeContext } from '../values';
import { builtin, contextArg, listArg, sig, stringArg } from './define';

function getValue([m, key]: readonly FeelValue[]): FeelValue {
  const context = contextArg(m ?? null);
  const value = context.entries.get(stringArg(key ?? null));
  return value === undefined ? null : value;
}

function getEntries([m]: readonly FeelValue[]): FeelValue {
  return [...contextArg(m ?? null).entries].map(([key, value]) =>
    makeContext([
      ['key', key],
      ['value', value],
    ]),
  );
}

function fromEntries([entries]: readonly FeelValue[]): FeelValue {
  const result = new Map<string, FeelValue>();
  for (const entry of listArg(entries ?? null)) {
    const context = contextArg(entry);
    const key = context.entries.get('key');
    if (typeof key !== 'string' || !context.entries.has('value') || result.has(key)) return null;
    result.set(key, context.entries.get('value') ?? null);
  }
  return makeContext(result);
}

function put(context: FeelContext, keys: readonly string[], value: FeelValue): FeelValue {
  const [first, ...rest] = keys;
  if (first === undefined) return null;
  const entries = new Map(context.entries);
  if (rest.length === 0) {
    entries.set(first, value);
    return makeContext(entries);
  }
  const inner = entries.get(first);
  if (inner === undefined || !isContext(inner)) return null;
  const nested = put(inner, rest, value);
  if (nested === null) return null;
  entries.set(first, nested);
  return makeContext(entries);
}

function contextPut([context, key, value]: readonly FeelValue[]): FeelValue {
  const keys = isList(key ?? null) ? listArg(key ?? null).map((k) => stringArg(k)) : [stringArg(key ?? null)];
  return put(contextArg(context ?? null), keys, value ?? null);
}

/** `context put(context, key: ...)` by name takes a single key; a key path must be named `keys`. */
function contextPutKey([context, key, value]: readonly FeelValue[]): FeelValue {
  if (typeof key !== 'string') return null;
  return put(contextArg(context ?? null), [key], value ?? null);
}

function contextMerge([contexts]: readonly FeelValue[]): FeelValue {
  const entries = new Map<string, FeelValue>();
  for (const c of listArg(contexts ?? null)) for (const [k, v] of contextArg(c).entries) entries.set(k, v);
  return makeContext(entries);
}

export const contextBuiltins = [
  builtin('get value', sig('m, key', getValue)),
  builtin('get entries', sig('m', getEntries)),
  builtin('context', sig('entries', fromEntries)),
  builtin('context put', sig('context, keys, value', contextPut), sig('context, key, value', contextPutKey)),
  builtin('context merge', sig('contexts', contextMerge)),
  builtin(
    'not',
    sig('negand', ([b]) => (typeof b === 'boolean' ? !b : null)),
  ),
] as const;
