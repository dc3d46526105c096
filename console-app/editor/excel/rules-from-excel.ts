import ExcelJS from 'exceljs';

/**
 * A decision table's rules read from an .xlsx sheet laid out as the JDM editor's "Export Excel" writes it: row 1 names
 * the columns (each header is a column's name of the table it goes into, "Description" the rule's description, "Rule
 * id" its id), every further row is a rule, every cell its text. Columns are matched by name, so a sheet exported from
 * a table imports back into it unchanged; a header that names no column of the table is refused, naming its cell.
 */

export interface TableColumn {
  id: string;
  name: string;
  field?: string;
}

export interface DecisionTableContent {
  hitPolicy: string;
  inputs: TableColumn[];
  outputs: TableColumn[];
  rules: Array<Record<string, string>>;
}

/** Where a rule's cell came from in the sheet: its row number, its column letter and that column's header. */
export interface SheetCell {
  row: number;
  column: string;
  header: string;
}

export type RulesFromExcel =
  { ok: true; rules: Array<Record<string, string>>; cells: Map<string, SheetCell> } | { ok: false; problems: string[] };

/** The key of a rule's cell in `cells`: the rule's index and the column's id (or `_description`, `_id`). */
export const cellKey = (ruleIndex: number, columnId: string) => `${ruleIndex}/${columnId}`;

/** A spreadsheet column's letters (1 → A, 27 → AA). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A cell's text as a person typed it: numbers and booleans as written, rich text joined, a formula's result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/** The sheet's header row mapped onto the table: per spreadsheet column, the table column (or rule field) it fills. */
function headerColumns(sheet: ExcelJS.Worksheet, table: DecisionTableContent, problems: string[]) {
  const columns = [...table.inputs, ...table.outputs];
  const mapped = new Map<number, { id: string; header: string }>();
  const header = sheet.getRow(1);
  for (let index = 1; index <= header.cellCount; index++) {
    const text = cellText(header.getCell(index).value).trim();
    if (text === '') continue;
    const lower = text.toLowerCase();
    const id =
      lower === 'description'
        ? '_description'
        : lower === 'rule id'
          ? '_id'
          : columns.find((column) => column.name.trim().toLowerCase() === lower)?.id;
    const where = `row 1, column ${columnLetter(index)}`;
    if (!id)
      problems.push(
        `${where}: "${text}" is not a column of this table (its columns: ${columns.map((c) => `"${c.name}"`).join(', ')})`,
      );
    else if ([...mapped.values()].some((taken) => taken.id === id))
      problems.push(`${where}: "${text}" names a column an earlier header already names`);
    else mapped.set(index, { id, header: text });
  }
  return mapped;
}

/** Reads the rules of `table` from an .xlsx file's only sheet; rule ids are kept by position when the sheet has none. */
export async function rulesFromExcel(file: ArrayBuffer, table: DecisionTableContent): Promise<RulesFromExcel> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file);
  } catch {
    return { ok: false, problems: ['the file is not an Excel workbook (.xlsx)'] };
  }
  const sheets = workbook.worksheets;
  const sheet = sheets[0];
  if (sheets.length !== 1 || !sheet)
    return { ok: false, problems: [`the workbook must hold one sheet, the table's; it holds ${sheets.length}`] };
  const problems: string[] = [];
  const mapped = headerColumns(sheet, table, problems);
  if (problems.length > 0) return { ok: false, problems };
  const hasDescriptions = [...mapped.values()].some((column) => column.id === '_description');
  const rules: Array<Record<string, string>> = [];
  const cells = new Map<string, SheetCell>();
  for (let rowNumber = 2; rowNumber <= sheet.rowCount; rowNumber++) {
    const row = sheet.getRow(rowNumber);
    const texts = [...mapped.keys()].map((index) => cellText(row.getCell(index).value));
    if (texts.every((text) => text.trim() === '')) continue;
    const ruleIndex = rules.length;
    const rule: Record<string, string> = {
      _id: table.rules[ruleIndex]?._id ?? crypto.randomUUID(),
      ...(hasDescriptions ? { _description: '' } : {}),
      ...Object.fromEntries([...table.inputs, ...table.outputs].map((column) => [column.id, ''])),
    };
    for (const [index, column] of mapped) {
      const text = cellText(row.getCell(index).value);
      if (column.id === '_id' && text.trim() === '') continue;
      rule[column.id] = text;
      cells.set(cellKey(ruleIndex, column.id), { row: rowNumber, column: columnLetter(index), header: column.header });
    }
    rules.push(rule);
  }
  return { ok: true, rules, cells };
}
