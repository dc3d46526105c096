/**
 * JSON ↔ FEEL: how the service's JSON inputs become FEEL values and results go back out.
 */
import { FeelNumber, type FeelType, type FeelValue } from './types';
import { parseDate, parseDateTime, parseDuration, parseTime, midnight } from './temporal';
import { decimalFromText } from './arithmetic';
import { formatNumber, formatValue, isContext, isNumber, makeContext } from './values';

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function baseType(type: FeelType | undefined): FeelType | undefined {
  let t = type;
  while (t && t.kind === 'constrained') t = t.base;
  return t;
}

function fromString(text: string, type: FeelType | undefined): FeelValue {
  switch (type?.kind) {
    case 'number':
      return NUMERIC.test(text.trim()) ? decimalFromText(text.trim()) : null;
    case 'date':
      return parseDate(text);
    case 'time':
      return parseTime(text);
    case 'date and time': {
      const dateTime = parseDateTime(text);
      if (dateTime) return dateTime;
      const date = parseDate(text);
      return date && midnight(date);
    }
    case 'days and time duration':
    case 'years and months duration': {
      const duration = parseDuration(text);
      return duration && duration.kind === type.kind ? duration : null;
    }
    default:
      return text;
  }
}

export function fromJson(json: unknown, type?: FeelType): FeelValue {
  const t = baseType(type);
  if (json === null || json === undefined) return null;
  if (t?.kind === 'list') {
    if (Array.isArray(json)) return json.map((item: unknown) => fromJson(item, t.item));
    return fromJson(json, t.item);
  }
  if (typeof json === 'number') return Number.isFinite(json) ? new FeelNumber(json) : null;
  if (typeof json === 'boolean') return json;
  if (typeof json === 'string') return fromString(json, t);
  if (typeof json === 'bigint') return decimalFromText(json.toString());
  if (Array.isArray(json)) return json.map((item: unknown) => fromJson(item));
  if (typeof json === 'object') {
    const entryTypes = t?.kind === 'context' ? t.entries : undefined;
    return makeContext(
      Object.entries(json as Record<string, unknown>).map(([k, v]) => [k, fromJson(v, entryTypes?.get(k))]),
    );
  }
  return null;
}

export function toJson(value: FeelValue): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (isNumber(value)) {
    const asNumber = value.toNumber();
    return Number.isFinite(asNumber) && new FeelNumber(asNumber).eq(value) ? asNumber : formatNumber(value);
  }
  if (Array.isArray(value)) return value.map((item: FeelValue) => toJson(item));
  if (isContext(value)) {
    const result: Record<string, unknown> = {};
    for (const [k, v] of value.entries) {
      Object.defineProperty(result, k, { value: toJson(v), enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  return formatValue(value);
}
