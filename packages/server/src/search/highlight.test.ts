import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightHtml, snippetHtml } from './highlight';
import { normalizeForSearch } from './tokens';

/** The marked ranges found the plain way: every character normalized on its own, overlaps found by scanning. */
function plainMarks(text: string, needles: readonly string[]): string {
  const chars = Array.from(text);
  const starts = [0];
  for (const char of chars) starts.push((starts.at(-1) as number) + normalizeForSearch(char).length);
  const normalized = chars.map(normalizeForSearch).join('');
  const marked = chars.map(() => false);
  for (const needle of needles) {
    for (let at = normalized.indexOf(needle); at >= 0; at = normalized.indexOf(needle, at + needle.length)) {
      chars.forEach((_, index) => {
        if ((starts[index + 1] as number) > at && (starts[index] as number) < at + needle.length)
          marked[index] = true;
      });
    }
  }
  return chars.map((char, index) => (marked[index] ? `[${char}]` : char)).join('');
}

describe('highlights computed in code', () => {
  it('marks every occurrence, longest needles merged, text escaped', () => {
    expect(highlightHtml('市人民医院<医院>设备采购', ['医院设备', '医院'])).toBe(
      '市人民<em class="hl">医院</em>&lt;<em class="hl">医院</em>&gt;设备采购',
    );
    expect(highlightHtml('医院设备采购', ['医院设备', '设备采购'])).toBe('<em class="hl">医院设备采购</em>');
  });

  it('matches on normalized text and marks the original characters', () => {
    expect(highlightHtml('ＬＥＤ显示屏', ['led显示屏'])).toBe('<em class="hl">ＬＥＤ显示屏</em>');
  });

  it('cuts a passage around the first match', () => {
    const text = `${'甲'.repeat(100)}\n监控设备${'乙'.repeat(100)}`;
    expect(snippetHtml(text, ['监控'], 3)).toBe('…甲甲 <em class="hl">监控</em>设备乙…');
    expect(snippetHtml(text, ['医院'])).toBeNull();
  });

  it('marks the same characters as normalizing each one and scanning, for any text', () => {
    // Ideographs, capitals, full-width letters, a ligature that normalizes to two letters, an astral ideograph.
    const alphabet = fc.constantFrom(
      '医',
      '院',
      '设',
      '备',
      'A',
      'a',
      'Ｌ',
      'ｌ',
      'ﬁ',
      'f',
      'i',
      '𠀀',
      ' ',
      '<',
    );
    const text = fc.array(alphabet, { maxLength: 60 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.array(text.map(normalizeForSearch), { maxLength: 3 }), (sample, needles) => {
        const html = highlightHtml(sample, needles)
          .replaceAll('<em class="hl">', '\u0001')
          .replaceAll('</em>', '\u0002')
          .replaceAll('&lt;', '<');
        // Merged ranges read back as per-character marks.
        let inside = false;
        let marks = '';
        for (const char of Array.from(html)) {
          if (char === '\u0001') inside = true;
          else if (char === '\u0002') inside = false;
          else marks += inside ? `[${char}]` : char;
        }
        expect(marks).toBe(plainMarks(sample, needles.filter(Boolean)));
      }),
      { numRuns: 500 },
    );
  });
});
