import { describe, expect, it } from 'vitest';
import { highlightHtml, snippetHtml } from './highlight';

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
});
