/**
 * A compact way to declare built-ins: `sig('substring', 'string, start position, length?', body)`.
 * A trailing `?` marks optional parameters, a trailing `...` a variadic one.
 */
import type { FeelFunction, FeelNumber, FeelValue } from '../types';
import { defineBuiltin, type Signature } from '../functions';
import { isContext, isList, isNumber } from '../values';

export type Body = (args: readonly FeelValue[]) => FeelValue;

export function sig(params: string, body: Body): Signature {
  const names = params
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const variadic = names.some((n) => n.endsWith('...'));
  const optional = names.filter((n) => n.endsWith('?')).length;
  return { params: names.map((n) => n.replace(/[?.]+$/, '')), optional, variadic, body };
}

export function builtin(name: string, ...variants: Signature[]): readonly [string, FeelFunction] {
  return [name, defineBuiltin(name, variants)];
}

/** Thrown by argument readers; the invocation turns it into null. */
export class InvalidArgument extends Error {}

/** A singleton list passed where one value is expected is that value (DMN 1.5 §10.3.2.9.4). */
function single(value: FeelValue): FeelValue {
  return isList(value) && value.length === 1 ? (value[0] ?? null) : value;
}

export function numberArg(raw: FeelValue): FeelNumber {
  const value = single(raw);
  if (!isNumber(value)) throw new InvalidArgument('number expected');
  return value;
}

export function intArg(value: FeelValue): number {
  const n = numberArg(value);
  if (!n.isInteger()) throw new InvalidArgument('integer expected');
  return n.toNumber();
}

export function stringArg(raw: FeelValue): string {
  const value = single(raw);
  if (typeof value !== 'string') throw new InvalidArgument('string expected');
  return value;
}

/** A list argument; a single non-null value stands for the list holding it. */
export function listArg(value: FeelValue): readonly FeelValue[] {
  if (value === null) throw new InvalidArgument('list expected');
  return isList(value) ? value : [value];
}

/** A position or length: decimals are truncated toward zero, as the reference engines do. */
export function truncatedArg(value: FeelValue): number {
  return numberArg(value).trunc().toNumber();
}

export function contextArg(value: FeelValue) {
  if (!isContext(value)) throw new InvalidArgument('context expected');
  return value;
}

/** `max(1, 2)` and `max([1, 2])` alike: a single list argument is the list of values. */
export function spreadArgs(args: readonly FeelValue[]): readonly FeelValue[] {
  if (args.length === 1) {
    const only = args[0] ?? null;
    if (isList(only)) return only;
  }
  return args;
}
