import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, looksLikeHtml, normalizeText } from './normalize';

describe('htmlToText', () => {
  it('drops scripts, styles, comments and the head, keeping headings and the title as candidates', () => {
    const { text, titles } = htmlToText(
      '<html><head><title>标题_网</title><style>p{color:red}</style></head><body><!-- 注释 --><script>var a = "<p>x</p>";</script><h2>公告标题</h2><p>正文</p></body></html>',
    );
    expect(normalizeText(text)).toBe('公告标题\n正文');
    expect(titles).toEqual(['公告标题', '标题_网']);
  });

  it('keeps table cells apart and each row on one line, even with paragraphs inside cells', () => {
    const { text } = htmlToText(
      '<table><tr><td><p>项目名称</p></td><td><p>某某</p><p>项目</p></td></tr><tr><td>预算</td><td></td><td>12万元</td></tr></table>',
    );
    expect(normalizeText(text)).toBe('项目名称\t某某 项目\n预算\t\t12万元');
  });

  it('keeps the lines of a layout cell that holds a table of its own (the whole notice in one cell)', () => {
    const { text } = htmlToText(
      '<table><tr><td><div>某某项目招标公告</div><div>1.招标条件</div><table><tr><td>招标人</td><td>某局</td></tr></table></td></tr></table>',
    );
    expect(normalizeText(text)).toBe('某某项目招标公告\n1.招标条件\n招标人\t某局');
  });

  it('survives unclosed tags and cells', () => {
    const { text } = htmlToText('<table><tr><td>a<td>b<tr><td>c</table><p>d<script>never closed');
    expect(normalizeText(text)).toBe('a\tb\nc\nd');
  });
});

describe('decodeEntities', () => {
  // Decoding follows the HTML standard (the entities package) rather than a table of our own: every named
  // reference is known, a no-break space stays U+00A0 until normalizeText makes it a space, and &#0; becomes
  // U+FFFD as in a browser (the old table kept it as written).
  it('decodes named and numeric references closed by a semicolon and leaves unknown ones', () => {
    expect(decodeEntities('&lt;&amp;&gt;&nbsp;&yen;&#20013;&#x56FD;&unknown;&#0;&hellip;&copy')).toBe(
      '<&>\u00a0¥中国&unknown;\ufffd…&copy',
    );
  });
});

describe('htmlToText entities', () => {
  it('decodes references in text and keeps a cell closed implicitly apart from the next', () => {
    const { text } = htmlToText('<table><tr><td>预算&nbsp;金额<td>&yen;105.5万元</table>');
    expect(normalizeText(text)).toBe('预算 金额\t¥105.5万元');
  });
});

describe('normalizeText', () => {
  it('turns full-width digits and letters into ASCII but keeps Chinese punctuation', () => {
    expect(normalizeText('ＫＳＨＱ－２０２５　成交金额：１２３，４５６．００元（含税）')).toBe(
      'KSHQ-2025 成交金额：123，456.00元（含税）',
    );
  });

  it('removes zero-width characters and empty lines, collapses spaces', () => {
    expect(normalizeText('\ufeff项目\u200b编号：  A1 \r\n\r\n\t\n 名称')).toBe('项目编号： A1\n名称');
  });

  it('writes traditional characters simplified, but not those simplified text uses too', () => {
    expect(normalizeText('中山紀念圖書館廚房車輛維修項目，聲譽財務；乾坤')).toBe(
      '中山纪念图书馆厨房车辆维修项目，声誉财务；乾坤',
    );
    expect(normalizeText('於2025年後續徵集')).toBe('于2025年后续征集');
  });
});

describe('looksLikeHtml', () => {
  it('tells HTML from text with a < in it', () => {
    expect(looksLikeHtml('<p>公告</p>')).toBe(true);
    expect(looksLikeHtml('<TABLE border=1><TR><TD>a')).toBe(true);
    expect(looksLikeHtml('预算 < 100万元')).toBe(false);
  });
});
