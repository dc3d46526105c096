/**
 * What an input cell tests, read from its text into one small tree that both table formats share: JDM cells
 * (ZEN unary expressions, read in ./jdm-cells.ts) and DMN input entries (FEEL unary tests, read with the FEEL
 * layer's parser in ./feel-cells.ts). A cell the readers cannot interpret becomes `unknown` with the reason, never
 * `any`.
 */
import Decimal from 'decimal.js';

export type Literal =
  | { type: 'number'; value: Decimal }
  | { type: 'string'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' }
  /** `text` is ISO 8601 as written; `ordinal` is days (date), epoch milliseconds (date-time) or milliseconds of
   *  the day (time), so dates and date-times with offsets compare as instants. */
  | { type: 'date' | 'date-time' | 'time'; text: string; ordinal: Decimal };

export type CompareOperator = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type CellTest =
  | { kind: 'any' }
  | { kind: 'compare'; operator: CompareOperator; value: Literal }
  | { kind: 'interval'; from: Literal; fromInclusive: boolean; to: Literal; toInclusive: boolean }
  | { kind: 'or'; tests: CellTest[] }
  | { kind: 'and'; tests: CellTest[] }
  | { kind: 'not'; test: CellTest }
  | { kind: 'unknown'; reason: string };

const DATE = /^(-?\d{4,})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DATE_TIME = /^(-?\d{4,}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:\d{2})?$/;

const MS_PER_DAY = 86_400_000;

function dayNumber(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return Math.round(time / MS_PER_DAY);
}

function millisecondsOfDay(text: string): { ms: Decimal; offsetMs: number } | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const fraction = new Decimal(match[4] ? `0${match[4]}` : 0);
  const ms = new Decimal(hours * 3600 + minutes * 60 + seconds).plus(fraction).times(1000);
  const zone = match[5];
  let offsetMs = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    offsetMs = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  return { ms, offsetMs };
}

/** A temporal literal from ISO text, or undefined when the text is not one. Local date-times count as UTC. */
export function temporalLiteral(type: 'date' | 'date-time' | 'time', text: string): Literal | undefined {
  if (type === 'date') {
    const days = dayNumber(text);
    return days === undefined ? undefined : { type, text, ordinal: new Decimal(days) };
  }
  if (type === 'time') {
    const time = millisecondsOfDay(text);
    return time ? { type, text, ordinal: time.ms.minus(time.offsetMs) } : undefined;
  }
  const match = DATE_TIME.exec(text);
  if (!match) {
    // A date alone is that day's midnight.
    const days = dayNumber(text);
    return days === undefined ? undefined : { type, text, ordinal: new Decimal(days).times(MS_PER_DAY) };
  }
  const days = dayNumber(match[1] as string);
  const time = millisecondsOfDay(`${match[2] as string}${match[3] ?? ''}`);
  if (days === undefined || !time) return undefined;
  return { type, text, ordinal: new Decimal(days).times(MS_PER_DAY).plus(time.ms).minus(time.offsetMs) };
}

/** ISO text of an ordinal, the inverse of `temporalLiteral` (UTC). */
export function temporalText(type: 'date' | 'date-time' | 'time', ordinal: Decimal): string {
  if (type === 'date') return new Date(ordinal.toNumber() * MS_PER_DAY).toISOString().slice(0, 10);
  if (type === 'date-time') return new Date(ordinal.floor().toNumber()).toISOString();
  const day = ordinal.mod(MS_PER_DAY).plus(MS_PER_DAY).mod(MS_PER_DAY).floor().toNumber();
  return new Date(day).toISOString().slice(11, 23);
}

export function literalText(literal: Literal): string {
  switch (literal.type) {
    case 'number':
      return literal.value.toString();
    case 'string':
      return JSON.stringify(literal.value);
    case 'boolean':
      return String(literal.value);
    case 'null':
      return 'null';
    default:
      return literal.text;
  }
}

/** The literals a test mentions, for typing a column from its cells. */
export function literalsOf(test: CellTest): Literal[] {
  switch (test.kind) {
    case 'compare':
      return [test.value];
    case 'interval':
      return [test.from, test.to];
    case 'or':
    case 'and':
      return test.tests.flatMap(literalsOf);
    case 'not':
      return literalsOf(test.test);
    default:
      return [];
  }
}

/** Whether a test uses order (`<`, intervals), which only numbers and temporal values support here. */
export function usesOrder(test: CellTest): boolean {
  switch (test.kind) {
    case 'compare':
      return test.operator !== '=' && test.operator !== '!=';
    case 'interval':
      return true;
    case 'or':
    case 'and':
      return test.tests.some(usesOrder);
    case 'not':
      return usesOrder(test.test);
    default:
      return false;
  }
}

export function firstUnknown(test: CellTest): string | undefined {
  switch (test.kind) {
    case 'unknown':
      return test.reason;
    case 'or':
    case 'and':
      for (const inner of test.tests) {
        const reason = firstUnknown(inner);
        if (reason !== undefined) return reason;
      }
      return undefined;
    case 'not':
      return firstUnknown(test.test);
    default:
      return undefined;
  }
}
