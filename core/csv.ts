/**
 * RFC 4180 CSV, written by hand because no CSV library is installed and this needs only the writing half: a field
 * containing a comma, a double quote, CR or LF is enclosed in double quotes with its quotes doubled; every other
 * field is written as is; records end with CRLF.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
