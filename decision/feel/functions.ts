/**
 * Function values: FEEL-defined functions, built-ins with several signatures, and invocation by position or name.
 */
import type { FeelFunction, FeelParameter, FeelValue } from './types';
import { FeelTimeoutError, deeper } from './runtime';
import { coerceTo } from './types-conformance';

/** One signature of a built-in: parameter names as the spec spells them; the last `optional` ones may be omitted. */
export interface Signature {
  readonly params: readonly string[];
  readonly optional?: number;
  /** Any number of arguments (e.g. `sum(1, 2, 3)`); the body then receives them all. */
  readonly variadic?: boolean;
  readonly body: (args: readonly FeelValue[]) => FeelValue;
}

const signatures = new WeakMap<FeelFunction, readonly Signature[]>();

/** Internal errors raised by built-ins mean "FEEL null". */
function guarded(body: () => FeelValue): FeelValue {
  try {
    const result = body();
    return result === undefined ? null : result;
  } catch (error) {
    if (error instanceof FeelTimeoutError) throw error;
    return null;
  }
}

export function makeFunction(
  name: string | undefined,
  params: FeelParameter[],
  body: (args: readonly FeelValue[]) => FeelValue,
): FeelFunction {
  const typed = params.some((p) => p.type !== undefined);
  return {
    kind: 'function',
    ...(name !== undefined ? { name } : {}),
    params,
    invoke: (args) =>
      deeper(() =>
        guarded(() => {
          if (!typed) return body(args);
          const coerced = coerceArguments(params, args);
          return coerced && body(coerced);
        }),
      ),
  };
}

/**
 * Arguments converted to the parameters' declared types (DMN 1.5 §10.3.2.9.4); null when one does not conform,
 * which makes the whole invocation null (TCK 0082 decision_bkm_002).
 */
function coerceArguments(params: readonly FeelParameter[], args: readonly FeelValue[]): FeelValue[] | null {
  const result: FeelValue[] = [];
  for (const [i, param] of params.entries()) {
    const arg = args[i] ?? null;
    const value = param.type && arg !== null ? coerceTo(arg, param.type) : arg;
    if (arg !== null && value === null) return null;
    result.push(value);
  }
  return result;
}

export function defineBuiltin(name: string, variants: readonly Signature[]): FeelFunction {
  const longest = variants.reduce((a, b) => (b.params.length > a.params.length ? b : a));
  const fn: FeelFunction = {
    kind: 'function',
    name,
    params: longest.params.map((p) => ({ name: p })),
    ...(variants.some((v) => v.variadic) ? { variadic: true } : {}),
    invoke: (args) => invokeFunction(fn, args),
  };
  signatures.set(fn, variants);
  return fn;
}

function accepts(sig: Signature, count: number): boolean {
  if (sig.variadic) return true;
  return count <= sig.params.length && count >= sig.params.length - (sig.optional ?? 0);
}

function invokeBuiltin(
  variants: readonly Signature[],
  args: readonly FeelValue[] | ReadonlyMap<string, FeelValue>,
): FeelValue {
  if (!(args instanceof Map)) {
    const positional = args as readonly FeelValue[];
    const sig = variants.find((v) => !v.variadic && accepts(v, positional.length)) ?? variants.find((v) => v.variadic);
    if (!sig || (sig.variadic && positional.length === 0)) return null;
    const padded = sig.variadic
      ? positional
      : [...positional, ...Array<FeelValue>(sig.params.length - positional.length).fill(null)];
    return guarded(() => sig.body(padded));
  }
  const named = args as ReadonlyMap<string, FeelValue>;
  for (const sig of variants) {
    if (![...named.keys()].every((k) => sig.params.includes(k))) continue;
    const required = sig.params.length - (sig.optional ?? 0);
    if (!sig.params.slice(0, required).every((p) => named.has(p))) continue;
    let count = sig.params.length;
    while (count > required && !named.has(sig.params[count - 1] ?? '')) count--;
    const positional = sig.params.slice(0, count).map((p) => named.get(p) ?? null);
    if (sig.variadic) {
      const only = positional[0] ?? null;
      return guarded(() => sig.body(Array.isArray(only) ? [only] : [only]));
    }
    return guarded(() => sig.body(positional));
  }
  return null;
}

/** Calls a function value; a wrong number of arguments or an unknown parameter name gives null. */
export function invokeFunction(
  fn: FeelFunction,
  args: readonly FeelValue[] | ReadonlyMap<string, FeelValue>,
): FeelValue {
  const variants = signatures.get(fn);
  if (variants) return invokeBuiltin(variants, args);
  if (args instanceof Map) {
    const named = args as ReadonlyMap<string, FeelValue>;
    if (![...named.keys()].every((k) => fn.params.some((p) => p.name === k))) return null;
    return fn.invoke(fn.params.map((p) => named.get(p.name) ?? null));
  }
  const positional = args as readonly FeelValue[];
  if (!fn.variadic && positional.length !== fn.params.length) return null;
  return fn.invoke(positional);
}
