/**
 * CSV export of a report table (RFC 4180: comma-separated, CRLF lines, fields with a comma, quote or
 * line break quoted). A text cell that a spreadsheet would run as a formula (=, +, -, @ first) gets a
 * leading apostrophe; numbers stay numbers.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

const field = (v: string | number): string => {
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => field(c.header)), ...rows.map((r) => columns.map((c) => field(c.value(r))))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a download named `file`. */
export function downloadCsv(file: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
