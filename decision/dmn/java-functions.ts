/**
 * Java external functions (DMN 1.5 §10.3.2.13.3) without a JVM: an allowlist of side-effect-free static methods of
 * java.lang (Math and the boxed-number/String factories) re-implemented here. Any other class or signature is
 * unknown and the function evaluates to null, as an engine does when the method cannot be resolved.
 */
import { FeelNumber, type FeelValue } from './feel-api';

type JavaBody = (args: readonly FeelValue[]) => FeelValue;

const NUMERIC_PARAMS = new Set(['double', 'float', 'int', 'long', 'short', 'byte', 'java.lang.Double', 'java.lang.Integer', 'java.lang.Long']);

function toDouble(value: FeelValue): number | null {
  return value instanceof FeelNumber ? value.toNumber() : null;
}

function numberResult(value: number): FeelValue {
  return Number.isFinite(value) ? new FeelNumber(value) : null;
}

/** Java integral parameters truncate toward zero (a FEEL decimal passed as int). */
function integral(value: FeelValue): number | null {
  const n = toDouble(value);
  return n === null ? null : Math.trunc(n);
}

const MATH_UNARY: Readonly<Record<string, (x: number) => number>> = {
  abs: Math.abs,
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
  signum: Math.sign,
  sin: Math.sin,
  sinh: Math.sinh,
  sqrt: Math.sqrt,
  tan: Math.tan,
  tanh: Math.tanh,
};

const MATH_BINARY: Readonly<Record<string, (x: number, y: number) => number>> = {
  max: Math.max,
  min: Math.min,
  pow: Math.pow,
  atan2: Math.atan2,
  hypot: Math.hypot,
};

function mathMethod(method: string, params: readonly string[]): JavaBody | null {
  if (!params.every((p) => NUMERIC_PARAMS.has(p))) return null;
  const isIntegral = params.every((p) => p === 'int' || p === 'long' || p === 'short' || p === 'byte');
  const read = isIntegral ? integral : toDouble;
  const unary = MATH_UNARY[method];
  if (unary && params.length === 1) {
    return ([x]) => {
      const n = read(x ?? null);
      return n === null ? null : numberResult(unary(n));
    };
  }
  const binary = MATH_BINARY[method];
  if (binary && params.length === 2) {
    return ([x, y]) => {
      const a = read(x ?? null);
      const b = read(y ?? null);
      return a === null || b === null ? null : numberResult(binary(a, b));
    };
  }
  return null;
}

/** `String.format` with %s and %d, enough for formatting messages; other conversions give null. */
function formatString(pattern: FeelValue, args: readonly FeelValue[]): FeelValue {
  if (typeof pattern !== 'string') return null;
  let index = 0;
  let failed = false;
  const text = pattern.replace(/%([sd%n])/g, (_, conversion: string) => {
    if (conversion === '%') return '%';
    if (conversion === 'n') return '\n';
    const arg = args[index++] ?? null;
    if (arg === null) return 'null';
    if (typeof arg === 'string' || typeof arg === 'boolean' || arg instanceof FeelNumber) return String(arg);
    failed = true;
    return '';
  });
  return failed ? null : text;
}

function factoryMethod(className: string, method: string, params: readonly string[]): JavaBody | null {
  const param = params.length === 1 ? params[0] : undefined;
  if (className === 'java.lang.String') {
    if (method === 'valueOf' && param !== undefined) return ([x]) => (x === null || x === undefined ? 'null' : typeof x === 'object' && !(x instanceof FeelNumber) ? null : String(x));
    if (method === 'format' && params.length === 2 && params[0] === 'java.lang.String') {
      return ([pattern, rest]) => formatString(pattern ?? null, Array.isArray(rest) ? (rest as readonly FeelValue[]) : [rest ?? null]);
    }
    return null;
  }
  const numeric = ['java.lang.Integer', 'java.lang.Long', 'java.lang.Short', 'java.lang.Byte', 'java.lang.Double', 'java.lang.Float'];
  if (!numeric.includes(className) || method !== 'valueOf' || param === undefined) return null;
  const integralClass = !className.endsWith('Double') && !className.endsWith('Float');
  if (param === 'java.lang.String') {
    return ([x]) => {
      if (typeof x !== 'string') return null;
      const pattern = integralClass ? /^[+-]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
      return pattern.test(x.trim()) ? new FeelNumber(x.trim()) : null;
    };
  }
  if (!NUMERIC_PARAMS.has(param)) return null;
  return ([x]) => {
    const n = integralClass ? integral(x ?? null) : toDouble(x ?? null);
    return n === null ? null : numberResult(n);
  };
}

function parseSignature(signature: string): { method: string; params: string[] } | null {
  const match = /^\s*([A-Za-z_$][\w$]*)\s*\(([^)]*)\)\s*$/.exec(signature);
  if (!match) return null;
  const params = (match[2] ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');
  return { method: match[1] ?? '', params: params.map((p) => (p === '[Ljava.lang.Object;' ? 'java.lang.Object[]' : p)) };
}

/** The allowlisted Java static method for a class and method signature, or null when unknown. */
export function javaFunction(className: string, signature: string): JavaBody | null {
  const parsed = parseSignature(signature);
  if (!parsed) return null;
  if (className.trim() === 'java.lang.Math') return mathMethod(parsed.method, parsed.params);
  return factoryMethod(className.trim(), parsed.method, parsed.params);
}
