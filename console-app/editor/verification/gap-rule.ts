import type { ColumnRegion } from './verification-calls';

/**
 * A gap's region as a new rule of a JDM decision table (pure): one ZEN unary test per input column — an interval as
 * `[18..21)`, `< 0`, `>= 5` or the value itself, several joined by `, `; a set of values as `"a", "b"` (negated: the
 * column's other values where its domain lists them, `!= "a"` for one value, else any); any value (and a region the analysis could not read) as an empty cell, which matches anything.
 * Output cells stay empty for the person to fill in. The region is keyed by the column's label as the analysis names
 * it (its field, else its name, else its id: decision/verification/jdm-tables.ts).
 */

interface Column {
  id: string;
  field?: string;
  name?: string;
}

const TEMPORAL: Record<string, string> = { date: 'date', 'date-time': 'date', time: 'time', duration: 'duration' };

function literal(value: string, type: string): string {
  const wrap = TEMPORAL[type];
  return wrap ? `${wrap}(${JSON.stringify(value)})` : value;
}

/** One column's region as a ZEN unary cell. */
export function unaryCell(region: ColumnRegion | undefined, domain?: ColumnRegion): string {
  if (!region || region.kind === 'any' || region.kind === 'not_analysed') return '';
  if (region.kind === 'values') {
    const list = (values: ReadonlyArray<string | number | boolean | null>) =>
      values.map((value) => JSON.stringify(value)).join(', ');
    if (!region.negated) return list(region.values);
    // The engine has no test for "none of these": the domain's other values, or one value's inequality.
    if (domain?.kind === 'values' && !domain.negated) {
      const others = domain.values.filter((value) => !region.values.includes(value));
      if (others.length > 0) return list(others);
    }
    return region.values.length === 1 ? `!= ${list(region.values)}` : '';
  }
  return region.intervals
    .map(({ from, to }) => {
      const show = (value: string) => literal(value, region.type);
      if (!from && !to) return '';
      if (from && to && from.value === to.value && from.inclusive && to.inclusive) return show(from.value);
      if (!from && to) return `${to.inclusive ? '<=' : '<'} ${show(to.value)}`;
      if (from && !to) return `${from.inclusive ? '>=' : '>'} ${show(from.value)}`;
      const [f, t] = [from as { value: string; inclusive: boolean }, to as { value: string; inclusive: boolean }];
      return `${f.inclusive ? '[' : '('}${show(f.value)}..${show(t.value)}${t.inclusive ? ']' : ')'}`;
    })
    .filter((text) => text !== '')
    .join(', ');
}

const labelOf = (column: Column) => column.field?.trim() || column.name || column.id;

/** The rule covering a gap: every input and output column given a cell, an id and a description naming the gap. */
export function ruleForGap(
  content: { inputs?: Column[]; outputs?: Column[] },
  gap: { region: Record<string, ColumnRegion>; text: string },
  id: string,
  domains: Array<{ label: string; domain?: ColumnRegion }> = [],
): Record<string, string> {
  const rule: Record<string, string> = { _id: id, _description: `Covers the gap: ${gap.text}` };
  const domainOf = (label: string) => domains.find((input) => input.label === label)?.domain;
  for (const column of content.inputs ?? [])
    rule[column.id] = unaryCell(gap.region[labelOf(column)], domainOf(labelOf(column)));
  for (const column of content.outputs ?? []) rule[column.id] = '';
  return rule;
}
