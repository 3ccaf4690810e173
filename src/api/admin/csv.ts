import { stringify } from 'csv-stringify/sync';

/**
 * RFC 4180 CSV (CRLF line ends) for spreadsheets: csv-stringify quotes what needs quoting and prefixes with a quote
 * any text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR); negative numbers stay numbers.
 */
export function toCsv(header: string[], rows: (string | number | boolean | null)[][]): string {
  return stringify([header, ...rows], {
    record_delimiter: 'windows',
    escape_formulas: true,
    // It quotes fields holding the record delimiter (CRLF); a lone LF or CR in a cell must be quoted too.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value) },
  });
}
