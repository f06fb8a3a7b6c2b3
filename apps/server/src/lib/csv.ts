/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas (or semicolons, as Excel writes them where the
 * decimal mark is a comma), quoted fields may hold separators, quotes ("") and line breaks; CRLF or LF line ends;
 * a UTF-8 byte order mark is dropped.
 */
export class CsvError extends Error {
  constructor(readonly line: number) {
    super(`unterminated quoted field starting on line ${line}`);
  }
}

/** The separator of a file: the one its first line uses outside quotes (comma unless only semicolons appear). */
export function detectDelimiter(text: string): ',' | ';' {
  let inQuotes = false;
  let commas = 0;
  let semicolons = 0;
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch === ',') commas++;
    else if (!inQuotes && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Rows of fields. A trailing line break does not make an empty last row. */
export function parseCsv(input: string, delimiter: ',' | ';' = detectDelimiter(input.replace(/^\uFEFF/, ''))): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let line = 1;
  let quoteStart = 0;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
      quoteStart = line;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
      fieldStarted = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      line++;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (inQuotes) throw new CsvError(quoteStart);
  if (fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
