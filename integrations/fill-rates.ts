/**
 * The data-quality guard of syncs: how full each mapped field is, and whether that fell sharply since the previous
 * completed sync (a hire date suddenly empty for most employees should not be a silent green sync).
 */

/** Records mapped, and per mapped field how many of them had a value. */
export interface FieldFill {
  records: number;
  fields: Record<string, number>;
}

export interface FillRateGuardSettings {
  /** A drop of more than this many percentage points is a warning. */
  dropPercentagePoints: number;
  /** Only fields whose previous fill rate was at least this (percent) are compared: a mostly empty field says little. */
  minPreviousPercent: number;
  /** Only a sync that mapped at least this many records is judged. */
  minRecords: number;
}

export interface FillRateWarning {
  code: 'fill_rate_dropped';
  field: string;
  previous: number;
  current: number;
}

/** Empty: null, undefined, or a string of only whitespace. Zero and false are values. */
function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  return true;
}

/** The fill of one page's mapped records over the mapping's target fields. */
export function fillOf(fields: string[], records: Array<Record<string, unknown>>): FieldFill {
  const counts: Record<string, number> = Object.fromEntries(fields.map((field) => [field, 0]));
  for (const record of records)
    for (const field of fields) if (hasValue(record[field])) counts[field] = (counts[field] ?? 0) + 1;
  return { records: records.length, fields: counts };
}

export function addFill(total: FieldFill | null | undefined, page: FieldFill): FieldFill {
  const fields: Record<string, number> = { ...(total?.fields ?? {}) };
  for (const [field, count] of Object.entries(page.fields)) fields[field] = (fields[field] ?? 0) + count;
  return { records: (total?.records ?? 0) + page.records, fields };
}

const rate = (fill: FieldFill, field: string) => (fill.records === 0 ? 0 : (fill.fields[field] ?? 0) / fill.records);
const rounded = (value: number) => Math.round(value * 10_000) / 10_000;

/** The fields of `current` whose fill rate fell by more than the threshold against `previous`. */
export function fillRateWarnings(
  previous: FieldFill | null | undefined,
  current: FieldFill,
  guard: FillRateGuardSettings,
): FillRateWarning[] {
  if (!previous || previous.records === 0 || current.records < guard.minRecords) return [];
  const warnings: FillRateWarning[] = [];
  for (const field of Object.keys(current.fields).sort()) {
    if (!Object.hasOwn(previous.fields, field)) continue;
    const before = rate(previous, field);
    const now = rate(current, field);
    if (before * 100 < guard.minPreviousPercent) continue;
    // Rounded first: 1.0 − 0.7 is 0.30000000000000004, and a drop of exactly the threshold is not more than it.
    if (Math.round((before - now) * 100 * 1e6) / 1e6 > guard.dropPercentagePoints)
      warnings.push({ code: 'fill_rate_dropped', field, previous: rounded(before), current: rounded(now) });
  }
  return warnings;
}
