import type { ColumnRegion } from './verification-calls';

/**
 * A gap's region as a new rule of a decision table (pure). For a JDM table: one ZEN unary test per input column — an
 * interval as `[18..21)`, `< 0`, `>= 5` or the value itself, several joined by `, `; a set of values as `"a", "b"`
 * (negated: the column's other values where its domain lists them, `!= "a"` for one value, else any); any value (and a
 * region the analysis could not read) as an empty cell, which matches anything. Output cells stay empty for the person
 * to fill in. The region is keyed by the column's label as the analysis names it (its field, else its name, else its
 * id: decision/verification/jdm-tables.ts). For a DMN table the same region in FEEL unary tests (`not("a")` for a
 * negated set, `date and time("…")` for date-times, `-` for any value).
 */

interface Column {
  id: string;
  field?: string;
  name?: string;
}

type Dialect = 'zen' | 'feel';

const TEMPORAL: Record<Dialect, Record<string, string>> = {
  zen: { date: 'date', 'date-time': 'date', time: 'time', duration: 'duration' },
  feel: { date: 'date', 'date-time': 'date and time', time: 'time', duration: 'duration' },
};

function literal(value: string, type: string, dialect: Dialect): string {
  const wrap = TEMPORAL[dialect][type];
  return wrap ? `${wrap}(${JSON.stringify(value)})` : value;
}

/** One column's region as a unary cell of either dialect; `''` where any value matches. */
function regionCell(region: ColumnRegion | undefined, domain: ColumnRegion | undefined, dialect: Dialect): string {
  if (!region || region.kind === 'any' || region.kind === 'not_analysed') return '';
  if (region.kind === 'values') {
    const list = (values: ReadonlyArray<string | number | boolean | null>) =>
      values.map((value) => JSON.stringify(value)).join(', ');
    if (!region.negated) return list(region.values);
    // "None of these": the domain's other values where it lists them; else FEEL's negation, or ZEN's inequality of
    // one value (ZEN has no negated list).
    if (domain?.kind === 'values' && !domain.negated) {
      const others = domain.values.filter((value) => !region.values.includes(value));
      if (others.length > 0) return list(others);
    }
    if (dialect === 'feel') return `not(${list(region.values)})`;
    return region.values.length === 1 ? `!= ${list(region.values)}` : '';
  }
  return region.intervals
    .map(({ from, to }) => {
      const show = (value: string) => literal(value, region.type, dialect);
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

/** One column's region as a ZEN unary cell. */
export const unaryCell = (region: ColumnRegion | undefined, domain?: ColumnRegion): string =>
  regionCell(region, domain, 'zen');

/** One column's region as a DMN input entry (FEEL unary tests): `-` where any value matches. */
export const feelUnaryCell = (region: ColumnRegion | undefined, domain?: ColumnRegion): string =>
  regionCell(region, domain, 'feel') || '-';

/**
 * A gap as a DMN rule's input entries, in the table's input order: the analysis lists a DMN table's inputs in its
 * input clauses' order, each with the label the gap's region is keyed by (decision/verification/dmn-tables.ts).
 */
export const dmnEntriesForGap = (
  inputs: ReadonlyArray<{ label: string; domain?: ColumnRegion }>,
  gap: { region: Record<string, ColumnRegion> },
): string[] => inputs.map((input) => feelUnaryCell(gap.region[input.label], input.domain));

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
