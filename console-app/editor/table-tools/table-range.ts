/**
 * The decision table as a grid, for the keyboard, the clipboard and the filter: its columns in the order the JDM
 * editor draws them (inputs, outputs, then the description), addresses and ranges of cells, and the writes a paste or
 * a clear makes, as new rule lists (the table is never changed in place). Pure: no DOM, no React.
 */

export type Rule = Record<string, string>;

export interface TableColumn {
  /** The key of the cell in a rule: the column's id, or `_description`. */
  key: string;
  label: string;
  kind: 'input' | 'output' | 'description';
}

export interface DecisionTableContent {
  inputs?: Array<{ id: string; name?: string; field?: string }>;
  outputs?: Array<{ id: string; name?: string; field?: string }>;
  rules?: Rule[];
}

export const DESCRIPTION_KEY = '_description';

export function tableColumns(table: DecisionTableContent): TableColumn[] {
  const label = (column: { id: string; name?: string; field?: string }) => column.name || column.field || column.id;
  return [
    ...(table.inputs ?? []).map((column) => ({ key: column.id, label: label(column), kind: 'input' as const })),
    ...(table.outputs ?? []).map((column) => ({ key: column.id, label: label(column), kind: 'output' as const })),
    { key: DESCRIPTION_KEY, label: 'Description', kind: 'description' },
  ];
}

/** A cell: the rule's position and the column's position; column -1 is the rule's number (the whole rule). */
export interface CellAddress {
  row: number;
  column: number;
}

/** The cells between an anchor (where the selection started) and a head (where it was extended to). */
export interface CellRange {
  anchor: CellAddress;
  head: CellAddress;
}

export interface RangeBounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Whole rules: the selection started or ended on a rule's number. */
  wholeRules: boolean;
}

export function rangeBounds(range: CellRange, columnCount: number): RangeBounds {
  const wholeRules = range.anchor.column < 0 || range.head.column < 0;
  return {
    top: Math.min(range.anchor.row, range.head.row),
    bottom: Math.max(range.anchor.row, range.head.row),
    left: wholeRules ? 0 : Math.min(range.anchor.column, range.head.column),
    right: wholeRules ? columnCount - 1 : Math.max(range.anchor.column, range.head.column),
    wholeRules,
  };
}

/** The texts of the cells in the bounds, row by row (a missing cell is empty). */
export function readCells(rules: readonly Rule[], columns: readonly TableColumn[], bounds: RangeBounds): string[][] {
  const grid: string[][] = [];
  for (let row = bounds.top; row <= bounds.bottom && row < rules.length; row++) {
    const rule = rules[row] ?? {};
    grid.push(columns.slice(bounds.left, bounds.right + 1).map((column) => rule[column.key] ?? ''));
  }
  return grid;
}

/** A new rule with every column's cell (empty unless `values` gives it, by column position from `left`). */
function newRule(columns: readonly TableColumn[], id: string, values: readonly string[] = [], left = 0): Rule {
  const rule: Rule = { _id: id };
  columns.forEach((column, index) => {
    rule[column.key] = values[index - left] ?? '';
  });
  return rule;
}

export interface PasteOutcome {
  rules: Rule[];
  /** The cells written (rows × columns), the rules added, the pasted cells that fell right of the last column. */
  rows: number;
  columns: number;
  added: number;
  clipped: number;
}

/**
 * `grid` written into the table from `at` (its top-left cell), over the cells there; rules are added when it runs
 * past the last one. One value pasted on a larger selection fills the selection, as spreadsheets do.
 */
export function pasteCells(
  rules: readonly Rule[],
  columns: readonly TableColumn[],
  bounds: RangeBounds,
  grid: readonly (readonly string[])[],
  newId: () => string,
): PasteOutcome {
  const single = grid.length === 1 && grid[0]?.length === 1;
  const fill = single && (bounds.bottom > bounds.top || bounds.right > bounds.left);
  const values = fill
    ? Array.from({ length: bounds.bottom - bounds.top + 1 }, () =>
        Array.from({ length: bounds.right - bounds.left + 1 }, () => grid[0]?.[0] ?? ''),
      )
    : grid;
  const next = rules.map((rule) => ({ ...rule }));
  let added = 0;
  let clipped = 0;
  let widest = 0;
  values.forEach((line, offset) => {
    const row = bounds.top + offset;
    if (row >= next.length) {
      next.push(newRule(columns, newId()));
      added++;
    }
    const rule = next[row] as Rule;
    line.forEach((value, index) => {
      const column = columns[bounds.left + index];
      if (!column) return void clipped++;
      rule[column.key] = value;
      widest = Math.max(widest, index + 1);
    });
  });
  return { rules: next, rows: values.length, columns: widest, added, clipped };
}

/** Whole rules from `grid` (each line a rule, cells in column order) inserted after rule `after` (-1: at the top). */
export function insertRules(
  rules: readonly Rule[],
  columns: readonly TableColumn[],
  after: number,
  grid: readonly (readonly string[])[],
  newId: () => string,
): PasteOutcome {
  const inserted = grid.map((line) => newRule(columns, newId(), line));
  const clipped = grid.reduce((sum, line) => sum + Math.max(0, line.length - columns.length), 0);
  const at = Math.min(Math.max(after + 1, 0), rules.length);
  return {
    rules: [...rules.slice(0, at), ...inserted, ...rules.slice(at)],
    rows: inserted.length,
    columns: Math.min(columns.length, Math.max(0, ...grid.map((line) => line.length))),
    added: inserted.length,
    clipped,
  };
}

/** The cells of the bounds emptied. */
export function clearCells(rules: readonly Rule[], columns: readonly TableColumn[], bounds: RangeBounds): Rule[] {
  return rules.map((rule, row) => {
    if (row < bounds.top || row > bounds.bottom) return rule;
    const next = { ...rule };
    for (const column of columns.slice(bounds.left, bounds.right + 1)) next[column.key] = '';
    return next;
  });
}

/** A rule filter: the column's key (or undefined: any column) and the text its cell contains (any case). */
export interface RuleFilter {
  column?: string;
  text: string;
}

/** The positions of the rules the filter keeps (every rule when its text is empty). */
export function matchingRules(rules: readonly Rule[], columns: readonly TableColumn[], filter: RuleFilter): number[] {
  const needle = filter.text.trim().toLowerCase();
  const keys = filter.column !== undefined ? [filter.column] : columns.map((column) => column.key);
  const kept: number[] = [];
  rules.forEach((rule, index) => {
    if (!needle || keys.some((key) => (rule[key] ?? '').toLowerCase().includes(needle))) kept.push(index);
  });
  return kept;
}

/**
 * The next cell from `from` for Tab (`step` 1) or Shift+Tab (-1), row by row over the shown rules and columns; wraps
 * to the next (previous) rule at the end (start) of one; undefined past the last (before the first) cell.
 */
export function nextCell(
  from: CellAddress,
  step: 1 | -1,
  shownRows: readonly number[],
  shownColumns: readonly number[],
): CellAddress | undefined {
  if (shownRows.length === 0 || shownColumns.length === 0) return undefined;
  const rowAt = shownRows.indexOf(from.row);
  const columnAt = shownColumns.indexOf(from.column);
  if (rowAt < 0) return { row: shownRows[0] as number, column: shownColumns[0] as number };
  const position = rowAt * shownColumns.length + (columnAt < 0 ? (step > 0 ? -1 : 0) : columnAt) + step;
  if (position < 0 || position >= shownRows.length * shownColumns.length) return undefined;
  return {
    row: shownRows[Math.floor(position / shownColumns.length)] as number,
    column: shownColumns[position % shownColumns.length] as number,
  };
}

/** One step of an arrow key over the shown rules (up, down) and columns (left, right; left of the first: the rule). */
export function arrowCell(
  from: CellAddress,
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight',
  shownRows: readonly number[],
  shownColumns: readonly number[],
): CellAddress {
  const columns = [-1, ...shownColumns];
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const at = shownRows.indexOf(from.row);
    const next = at < 0 ? 0 : Math.min(Math.max(at + (key === 'ArrowDown' ? 1 : -1), 0), shownRows.length - 1);
    return { row: shownRows[next] ?? from.row, column: from.column };
  }
  const at = columns.indexOf(from.column);
  const next = Math.min(Math.max((at < 0 ? 1 : at) + (key === 'ArrowRight' ? 1 : -1), 0), columns.length - 1);
  return { row: from.row, column: columns[next] ?? from.column };
}
