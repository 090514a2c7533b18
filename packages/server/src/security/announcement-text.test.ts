import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitiseAnnouncementText } from './announcement-text';

/** What an HTML parser reads as the start of markup: without it no tag, handler or script URL can act. */
const MARKUP_OPENER = /<[a-zA-Z/!?]/;

describe('sanitiseAnnouncementText', () => {
  it('leaves plain text alone, including a < that starts no tag', () => {
    const text = '一、项目编号：320100-2024-TP00021\n二、预算金额<100万元，且 a < b、x<=y';
    expect(sanitiseAnnouncementText(text)).toBe(text);
  });

  it('removes scripts, styles and embedded documents with their content', () => {
    expect(sanitiseAnnouncementText('公告<script>window.__pwned = 1</script>正文')).toBe('公告正文');
    expect(sanitiseAnnouncementText('公告<SCRIPT type="text/javascript">alert(1)</SCRIPT >正文')).toBe(
      '公告正文',
    );
    expect(sanitiseAnnouncementText('a<style>body{display:none}</style>b<iframe src="//x"></iframe>c')).toBe(
      'abc',
    );
    expect(sanitiseAnnouncementText('正文<script>never closed')).toBe('正文');
    expect(sanitiseAnnouncementText('a<svg onload=alert(1)><circle/></svg>b')).toBe('ab');
  });

  it('removes tags with their handlers and script URLs, keeping the text inside', () => {
    expect(sanitiseAnnouncementText('<img src=x onerror="window.__pwned=1">图片')).toBe('图片');
    expect(sanitiseAnnouncementText('<a href="javascript:alert(1)">点击查看</a>')).toBe('点击查看');
    expect(sanitiseAnnouncementText('<div onclick=\'x()\' title="a>b">内容</div>')).toBe('\n内容\n');
    expect(sanitiseAnnouncementText('<!-- <script>x</script> -->正文<!DOCTYPE html><?php ?>')).toBe('正文');
    // Broken markup cannot open a tag either.
    expect(sanitiseAnnouncementText('<img src="x onerror=alert(1)> 公告')).toBe(
      '＜img src="x onerror=alert(1)> 公告',
    );
  });

  it('keeps paragraphs as lines', () => {
    expect(sanitiseAnnouncementText('<p>第一段</p><p>第二段<br>续</p>')).toBe('\n第一段\n\n第二段\n续\n');
  });

  it('never lets active markup through, whatever the input', () => {
    const pieces = fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">',
      '<',
      '>',
      '"',
      "'",
      '=',
      'on',
      'error',
      'javascript:',
      '<!--',
      '-->',
      '<svg',
      '<p>',
      ' ',
      '公告',
      '\n',
      'x',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const clean = sanitiseAnnouncementText(parts.join(''));
        expect(clean).not.toMatch(MARKUP_OPENER);
        // Sanitising twice changes nothing more: no markup is assembled from the pieces left behind.
        expect(sanitiseAnnouncementText(clean)).toBe(clean);
      }),
      { seed: 20_261_124, numRuns: 2000 },
    );
  });
});
