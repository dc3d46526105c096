/**
 * `value.name`: context entries, and the properties of temporal values, durations and ranges (DMN 1.5 Table 71).
 */
import { FeelNumber, type FeelValue } from './types';
import { dayOfWeek, dtDuration, offsetOf } from './temporal';
import { isContext, isDuration, isRange, isTemporal } from './values';

const SECONDS_PER_DAY = 86400;

function temporalProperty(value: FeelValue, name: string): FeelValue {
  if (!isTemporal(value)) return null;
  if (value.kind !== 'time') {
    switch (name) {
      case 'year':
        return new FeelNumber(value.year);
      case 'month':
        return new FeelNumber(value.month);
      case 'day':
        return new FeelNumber(value.day);
      case 'weekday':
        return new FeelNumber(dayOfWeek(value));
    }
    if (value.kind === 'date') return null;
  }
  switch (name) {
    case 'hour':
      return new FeelNumber(value.hour);
    case 'minute':
      return new FeelNumber(value.minute);
    case 'second':
      return value.second;
    case 'time offset': {
      const offset = value.offsetSeconds ?? (value.zone !== null ? offsetOf(value) : null);
      return offset === null ? null : dtDuration(new FeelNumber(offset));
    }
    case 'timezone':
      return value.zone;
    default:
      return null;
  }
}

function durationProperty(value: FeelValue, name: string): FeelValue {
  if (!isDuration(value)) return null;
  if (value.kind === 'years and months duration') {
    const sign = Math.sign(value.months);
    const abs = Math.abs(value.months);
    if (name === 'years') return new FeelNumber(sign * Math.floor(abs / 12));
    if (name === 'months') return new FeelNumber(sign * (abs % 12));
    return null;
  }
  const abs = value.seconds.abs();
  const sign = value.seconds.isNeg() ? -1 : 1;
  const parts: Record<string, FeelNumber> = {
    days: abs.divToInt(SECONDS_PER_DAY),
    hours: abs.mod(SECONDS_PER_DAY).divToInt(3600),
    minutes: abs.mod(3600).divToInt(60),
    seconds: abs.mod(60),
  };
  const part = parts[name];
  return part === undefined ? null : part.mul(sign);
}

export function pathOf(value: FeelValue, name: string): FeelValue {
  if (isContext(value)) {
    const entry = value.entries.get(name);
    return entry === undefined ? null : entry;
  }
  if (isRange(value)) {
    switch (name) {
      case 'start':
        return value.start;
      case 'end':
        return value.end;
      case 'start included':
        return value.startIncluded;
      case 'end included':
        return value.endIncluded;
      default:
        return null;
    }
  }
  return isDuration(value) ? durationProperty(value, name) : temporalProperty(value, name);
}
