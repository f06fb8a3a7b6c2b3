import { describe, expect, it } from 'vitest';
import { toCsv } from '../http/export';
import { CsvError, detectDelimiter, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain rows with CRLF or LF line ends and no empty last row', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('name,note\r\n"Latte, iced","He said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Latte, iced', 'He said "hi"\r\nthen left'],
    ]);
  });

  it('drops a UTF-8 byte order mark and keeps Khmer, Chinese and Arabic text as is', () => {
    expect(parseCsv('\uFEFFproduct_name\r\nកាហ្វេទឹកកក\r\n拿铁\r\nقهوة\r\n')).toEqual([['product_name'], ['កាហ្វេទឹកកក'], ['拿铁'], ['قهوة']]);
  });

  it('keeps empty fields, including trailing ones', () => {
    expect(parseCsv('a,,c,\r\n,,,\r\n')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('reads semicolon-separated files (Excel where the decimal mark is a comma)', () => {
    expect(detectDelimiter('product_name;sale_cost\r\n"A, B";2')).toBe(';');
    expect(parseCsv('product_name;sale_cost\r\n"Café; crème";2,50\r\n')).toEqual([
      ['product_name', 'sale_cost'],
      ['Café; crème', '2,50'],
    ]);
  });

  it('refuses an unterminated quoted field, naming its line', () => {
    expect(() => parseCsv('a,b\r\n"open,2\r\n3,4')).toThrow(CsvError);
    try {
      parseCsv('a,b\r\n"open,2\r\n3,4');
    } catch (e) {
      expect((e as CsvError).line).toBe(2);
    }
  });

  it('reads back what the exporter writes', () => {
    const rows = [
      { a: 'x, "y"', b: 'line1\nline2' },
      { a: '=SUM(A1)', b: '' },
    ];
    const file = toCsv(
      [
        { header: 'A', value: (r: (typeof rows)[number]) => r.a },
        { header: 'B', value: (r: (typeof rows)[number]) => r.b },
      ],
      rows,
    );
    expect(parseCsv(file.toString('utf8'))).toEqual([
      ['A', 'B'],
      ['x, "y"', 'line1\nline2'],
      ["'=SUM(A1)", ''],
    ]);
  });
});
