import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('prefers the RFC 5987 name and decodes it', () => {
    const header = `attachment; filename="a.txt"; filename*=UTF-8''${encodeURIComponent('招标公告.txt')}`;
    expect(fileNameFromContentDisposition(header)).toBe('招标公告.txt');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(fileNameFromContentDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="x.txt"`)).toBe(
      'x.txt',
    );
  });

  it('gives undefined without a name', () => {
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
  });
});
