/**
 * Tab-separated text as spreadsheets put it on the clipboard (Excel, Google Sheets, LibreOffice): one line per row,
 * a tab between cells. A cell holding a tab or a line break is wrapped in double quotes, its own quotes doubled; any
 * other cell is written as it is, quotes included. That matters here: a decision table's string literal is `"gold"`,
 * which a spreadsheet copies unquoted, so reading treats a leading quote as quoting only when the quoted text holds a
 * tab or a line break.
 */

const needsQuotes = (cell: string) => /[\t\r\n]/.test(cell);

export function formatTsv(grid: readonly (readonly string[])[]): string {
  return grid
    .map((row) => row.map((cell) => (needsQuotes(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join('\t'))
    .join('\r\n');
}

/** A quoted cell starting at `start` (a `"`): its text and where it ends, or undefined when it is not one. */
function quotedCell(text: string, start: number): { value: string; end: number } | undefined {
  let value = '';
  for (let at = start + 1; at < text.length; at++) {
    const char = text[at];
    if (char !== '"') {
      value += char;
      continue;
    }
    if (text[at + 1] === '"') {
      value += '"';
      at++;
      continue;
    }
    const next = text[at + 1];
    const closes = next === undefined || next === '\t' || next === '\n' || next === '\r';
    return closes && needsQuotes(value) ? { value, end: at + 1 } : undefined;
  }
  return undefined;
}

/**
 * The cells of clipboard text: rows of cells. The line break a spreadsheet adds after the last row is dropped; rows
 * keep the number of cells they were written with (a short row is not padded).
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  let cellStart = true;
  let cell = '';
  while (at < text.length) {
    const char = text[at] as string;
    if (cellStart && char === '"') {
      const quoted = quotedCell(text, at);
      if (quoted) {
        cell = quoted.value;
        at = quoted.end;
        cellStart = false;
        continue;
      }
    }
    cellStart = false;
    if (char === '\t') {
      row.push(cell);
      cell = '';
      cellStart = true;
    } else if (char === '\r' || char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      cellStart = true;
      if (char === '\r' && text[at + 1] === '\n') at++;
    } else cell += char;
    at++;
  }
  if (!cellStart || cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
