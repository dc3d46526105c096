/**
 * Java external functions (DMN 1.5 §10.3.2.13.3) without a JVM: an allowlist of side-effect-free static methods of
 * java.lang (Math, and the String / boxed-number factories) re-implemented here. Nothing is loaded or looked up by
 * name: a class, method or signature that is not in the tables below is unknown, and the function definition
 * evaluates to null (a FEEL runtime error), as an engine does when the method cannot be resolved.
 *
 * Used by both ways of writing a Java function: the FEEL literal `function(a, b) external {java: {class: "…",
 * method signature: "…"}}` (evaluate.ts) and the DMN boxed function definition of kind Java (decision/dmn).
 */
import { makeFunction } from './functions';
import { FeelNumber, type FeelFunction, type FeelParameter, type FeelValue } from './types';
import { isContext, isList } from './values';

/** The Java parameter types a signature may name, after aliases are resolved (`java.lang.Integer` → `int`). */
export type JavaType =
  'double' | 'float' | 'long' | 'int' | 'short' | 'byte' | 'char' | 'boolean' | 'String' | 'Object' | 'Object[]';

/**
 * Java type names as signatures write them → the type the argument is converted to. Boxed types are read like their
 * primitives (a JVM engine unboxes them the same way); `[Ljava.lang.Object;` is the JVM's name of `Object[]`, and a
 * trailing `Object[]` / `Object...` parameter takes the remaining arguments (varargs).
 */
const JAVA_TYPES: ReadonlyMap<string, JavaType> = new Map<string, JavaType>([
  ['double', 'double'],
  ['java.lang.Double', 'double'],
  ['float', 'float'],
  ['java.lang.Float', 'float'],
  ['long', 'long'],
  ['java.lang.Long', 'long'],
  ['int', 'int'],
  ['java.lang.Integer', 'int'],
  ['short', 'short'],
  ['java.lang.Short', 'short'],
  ['byte', 'byte'],
  ['java.lang.Byte', 'byte'],
  ['char', 'char'],
  ['java.lang.Character', 'char'],
  ['boolean', 'boolean'],
  ['java.lang.Boolean', 'boolean'],
  ['String', 'String'],
  ['java.lang.String', 'String'],
  ['Object', 'Object'],
  ['java.lang.Object', 'Object'],
  ['Object[]', 'Object[]'],
  ['java.lang.Object[]', 'Object[]'],
  ['[Ljava.lang.Object;', 'Object[]'],
  ['Object...', 'Object[]'],
  ['java.lang.Object...', 'Object[]'],
]);

/** Ranges of Java's integral types; a FEEL number outside them (after truncation) does not convert. */
const INTEGRAL_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER], // beyond ±2^53 a JS double would lose digits
  int: [-2147483648, 2147483647],
  short: [-32768, 32767],
  byte: [-128, 127],
};

/** A FEEL argument converted to a Java parameter type: numbers become JS doubles, `Object` keeps the FEEL value. */
type JavaArg = number | string | boolean | FeelValue | readonly FeelValue[];

const NO_CONVERSION = Symbol('no conversion');

/** FEEL → Java: the one mapping of argument values to parameter types. `NO_CONVERSION` makes the call null. */
function toJava(value: FeelValue, type: JavaType): JavaArg | typeof NO_CONVERSION {
  switch (type) {
    case 'double':
    case 'float':
      // float is read as a double: Java's float → BigDecimal would turn 456.78 into 456.779998779296875
      return value instanceof FeelNumber ? value.toNumber() : NO_CONVERSION;
    case 'long':
    case 'int':
    case 'short':
    case 'byte': {
      if (!(value instanceof FeelNumber)) return NO_CONVERSION;
      const n = Math.trunc(value.toNumber()); // a FEEL decimal passed as an integral type truncates toward zero
      const [min, max] = INTEGRAL_RANGES[type] ?? [0, 0];
      return n >= min && n <= max ? n : NO_CONVERSION;
    }
    case 'char':
      return typeof value === 'string' && value.length === 1 ? value : NO_CONVERSION;
    case 'boolean':
      return typeof value === 'boolean' ? value : NO_CONVERSION;
    case 'String':
      return typeof value === 'string' || value === null ? value : NO_CONVERSION;
    case 'Object':
      return value;
    case 'Object[]':
      return isList(value) ? value : [value];
  }
}

/** Java → FEEL: numbers become FeelNumbers (NaN and infinities are null). */
function numberResult(value: number): FeelValue {
  return Number.isFinite(value) ? new FeelNumber(value === 0 ? 0 : value) : null;
}

type JavaBody = (args: readonly JavaArg[]) => FeelValue;

const num = (arg: JavaArg | undefined): number => (typeof arg === 'number' ? arg : NaN);

const DOUBLE_UNARY: Readonly<Record<string, (x: number) => number>> = {
  acos: Math.acos,
  asin: Math.asin,
  atan: Math.atan,
  cbrt: Math.cbrt,
  ceil: Math.ceil,
  cos: Math.cos,
  cosh: Math.cosh,
  exp: Math.exp,
  floor: Math.floor,
  log: Math.log,
  log10: Math.log10,
  sin: Math.sin,
  sinh: Math.sinh,
  sqrt: Math.sqrt,
  tan: Math.tan,
  tanh: Math.tanh,
  toDegrees: (x) => (x * 180) / Math.PI,
  toRadians: (x) => (x / 180) * Math.PI,
};

const DOUBLE_BINARY: Readonly<Record<string, (x: number, y: number) => number>> = {
  atan2: Math.atan2,
  hypot: Math.hypot,
  pow: Math.pow,
};

/** Math methods overloaded for int, long, float and double (both parameters of one type). */
const OVERLOADED: Readonly<Record<string, { arity: number; fn: (...xs: number[]) => number }>> = {
  abs: { arity: 1, fn: Math.abs },
  max: { arity: 2, fn: Math.max },
  min: { arity: 2, fn: Math.min },
};

function mathMethod(method: string, params: readonly JavaType[]): JavaBody | null {
  const overloaded = OVERLOADED[method];
  if (overloaded) {
    const [first] = params;
    const numeric = first === 'int' || first === 'long' || first === 'float' || first === 'double';
    if (!numeric || params.length !== overloaded.arity || params.some((p) => p !== first)) return null;
    return (args) => numberResult(overloaded.fn(...args.map(num)));
  }
  const isDouble = params.every((p) => p === 'double');
  const unary = DOUBLE_UNARY[method];
  if (unary && isDouble && params.length === 1) return ([x]) => numberResult(unary(num(x)));
  if (method === 'signum' && params.length === 1 && (params[0] === 'double' || params[0] === 'float')) {
    return ([x]) => numberResult(Math.sign(num(x)));
  }
  const binary = DOUBLE_BINARY[method];
  if (binary && isDouble && params.length === 2) return ([x, y]) => numberResult(binary(num(x), num(y)));
  return null;
}

/** The text of a FEEL value passed as a Java String / Object / primitive (numbers in FEEL's notation). */
function javaText(value: JavaArg | undefined): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (value instanceof FeelNumber) return value.toString();
  return null; // lists, contexts, temporal values: no Java counterpart here
}

/** `String.format` with `%s`, `%d`, `%%` and `%n`; other conversions, or arguments without a text, give null. */
function formatString(pattern: string, args: readonly FeelValue[]): FeelValue {
  let index = 0;
  let failed = false;
  const text = pattern.replace(/%(.)/gs, (_, conversion: string) => {
    if (conversion === '%') return '%';
    if (conversion === 'n') return '\n';
    const arg = args[index++] ?? null;
    const result = javaText(arg);
    if ((conversion !== 's' && conversion !== 'd') || result === null) failed = true;
    if (conversion === 'd' && !(arg instanceof FeelNumber && arg.isInteger())) failed = true;
    return result ?? '';
  });
  return failed ? null : text;
}

function stringMethod(method: string, params: readonly JavaType[]): JavaBody | null {
  if (method === 'valueOf' && params.length === 1) return ([x]) => javaText(x);
  if (method === 'format' && params.length === 2 && params[0] === 'String' && params[1] === 'Object[]') {
    return ([pattern, rest]) =>
      typeof pattern === 'string' && Array.isArray(rest) ? formatString(pattern, rest as readonly FeelValue[]) : null;
  }
  return null;
}

const BOXED: Readonly<Record<string, JavaType>> = {
  'java.lang.Double': 'double',
  'java.lang.Float': 'float',
  'java.lang.Long': 'long',
  'java.lang.Integer': 'int',
  'java.lang.Short': 'short',
  'java.lang.Byte': 'byte',
};

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER_TEXT = /^[+-]?\d+$/;

/** `Integer.valueOf(int)`, `Double.valueOf(java.lang.String)`, `Long.parseLong(String)` and the like. */
function boxedMethod(primitive: JavaType, method: string, params: readonly JavaType[]): JavaBody | null {
  const [param] = params;
  if (params.length !== 1) return null;
  const parse = method === 'valueOf' || method === `parse${primitive.charAt(0).toUpperCase()}${primitive.slice(1)}`;
  if (!parse) return null;
  if (param === primitive && method === 'valueOf') return ([x]) => numberResult(num(x));
  if (param !== 'String') return null;
  const integral = primitive in INTEGRAL_RANGES;
  return ([x]) => {
    if (typeof x !== 'string') return null;
    const text = x.trim();
    if (!(integral ? INTEGER_TEXT : DECIMAL_TEXT).test(text)) return null;
    const value = new FeelNumber(text);
    if (!integral) return value.isFinite() ? value : null;
    const [min, max] = INTEGRAL_RANGES[primitive] ?? [0, 0];
    return value.gte(min) && value.lte(max) ? value : null;
  };
}

function parseSignature(signature: string): { method: string; params: JavaType[] } | null {
  const match = /^\s*([A-Za-z_$][\w$]*)\s*\(([^)]*)\)\s*$/.exec(signature);
  if (!match) return null;
  const names = (match[2] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const params: JavaType[] = [];
  for (const name of names) {
    const type = JAVA_TYPES.get(name);
    if (type === undefined) return null;
    params.push(type);
  }
  // only the last parameter may be varargs
  if (params.slice(0, -1).includes('Object[]')) return null;
  return { method: match[1] ?? '', params };
}

/**
 * The allowlisted Java static method for a class and method signature, as a function of FEEL arguments, or null when
 * it is not in the allowlist. Arguments that do not convert to the parameter types (or a wrong count) give null.
 */
export function javaFunction(className: string, signature: string): ((args: readonly FeelValue[]) => FeelValue) | null {
  const parsed = parseSignature(signature);
  if (!parsed) return null;
  const { method, params } = parsed;
  const name = className.trim();
  const boxed = BOXED[name];
  const body =
    name === 'java.lang.Math'
      ? mathMethod(method, params)
      : name === 'java.lang.String'
        ? stringMethod(method, params)
        : boxed
          ? boxedMethod(boxed, method, params)
          : null;
  if (!body) return null;
  const varargs = params[params.length - 1] === 'Object[]';
  return (args) => {
    let values = args;
    if (varargs && args.length === params.length - 1) {
      values = [...args, []]; // no varargs at all: an empty array
    } else if (varargs && args.length >= params.length) {
      // several trailing arguments are the varargs array; a single one is converted (a list stays the array)
      values =
        args.length === params.length ? args : [...args.slice(0, params.length - 1), args.slice(params.length - 1)];
    } else if (args.length !== params.length) {
      return null;
    }
    const converted: JavaArg[] = [];
    for (const [i, type] of params.entries()) {
      const arg = toJava(values[i] ?? null, type);
      if (arg === NO_CONVERSION) return null;
      converted.push(arg);
    }
    return body(converted);
  };
}

/**
 * A function value for an external Java mapping, a context `{class: "…", method signature: "…"}` (the `java` entry of
 * a FEEL external function, or the body of a DMN boxed Java function definition). Null when the mapping is malformed
 * or names a method outside the allowlist.
 */
export function javaFunctionValue(mapping: FeelValue, params: readonly FeelParameter[]): FeelFunction | null {
  if (!isContext(mapping)) return null;
  const className = mapping.entries.get('class');
  const signature = mapping.entries.get('method signature');
  if (typeof className !== 'string' || typeof signature !== 'string') return null;
  const body = javaFunction(className, signature);
  return body ? makeFunction(undefined, [...params], body) : null;
}

/**
 * A FEEL external function definition's body evaluated: `{java: {…}}` resolves through the allowlist; `{pmml: …}`
 * (and anything else) needs a runtime this service does not have and gives null.
 */
export function externalFunctionValue(definition: FeelValue, params: readonly FeelParameter[]): FeelFunction | null {
  if (!isContext(definition)) return null;
  const java = definition.entries.get('java');
  return java === undefined ? null : javaFunctionValue(java, params);
}
