/**
 * A cell as RFC 4180 writes it, made inert for spreadsheets: text a spreadsheet would read as a
 * formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`
 * (OWASP's advice on CSV injection), and every cell is quoted.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** A header row and the rows, CRLF after each line (RFC 4180). */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
