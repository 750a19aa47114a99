import { describe, expect, it } from 'vitest';
import { csvField, toCsvLines } from './csv.js';

describe('CSV', () => {
  it('quotes fields with the delimiter, a quote or a line break (quotes doubled)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });

  it('defuses spreadsheet formulas in text, not in numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField(-2)).toBe('-2');
  });

  it('ends every line with CRLF', () => {
    expect(
      toCsvLines([
        ['a', 1],
        ['=b', null],
      ]),
    ).toBe("a,1\r\n'=b,\r\n");
  });
});
