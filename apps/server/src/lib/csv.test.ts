import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.js';

describe('CSV fields', () => {
  it('writes plain text, numbers and empty values as they are', () => {
    expect(csvField('Austin')).toBe('Austin');
    expect(csvField(262500.5)).toBe('262500.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes fields holding a comma, a quote, CR or LF, and doubles their quotes', () => {
    expect(csvField('Austin, Texas')).toBe('"Austin, Texas"');
    expect(csvField('The "Blue" house')).toBe('"The ""Blue"" house"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    // Only the first character counts.
    expect(csvField('a=b')).toBe('a=b');
  });

  it('leaves numbers alone, negative ones included', () => {
    expect(csvField(-5)).toBe('-5');
  });
});

describe('CSV records', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['id', 'name, full', 3, null])).toBe('id,"name, full",3,\r\n');
  });
});
