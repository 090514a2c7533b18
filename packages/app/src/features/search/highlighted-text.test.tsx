import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText, highlightRuns } from './highlighted-text';

const render = createRenderWithBrand(UiKitProvider);

describe('highlightRuns', () => {
  it('splits the server highlight HTML into plain and matched runs', () => {
    expect(highlightRuns('南山区<em class="hl">医院</em>设备采购<em class="hl">医院</em>')).toEqual([
      { text: '南山区', match: false },
      { text: '医院', match: true },
      { text: '设备采购', match: false },
      { text: '医院', match: true },
    ]);
  });

  it('reads the escaped characters back as text', () => {
    expect(highlightRuns('A&amp;B &lt;包1&gt; &quot;<em class="hl">医院</em>&quot;')).toEqual([
      { text: 'A&B <包1> "', match: false },
      { text: '医院', match: true },
      { text: '"', match: false },
    ]);
  });
});

describe('HighlightedText', () => {
  it('marks the matches', () => {
    render(<HighlightedText html={'市<em class="hl">医院</em>采购'} />);
    expect(screen.getByText('医院').tagName).toBe('MARK');
  });

  it('never turns the text into elements: markup in a title stays visible text', () => {
    const { container } = render(
      <HighlightedText html={'&lt;img src=x onerror=alert(1)&gt;<em class="hl">医院</em><b>粗</b>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>医院<b>粗</b>');
  });
});
