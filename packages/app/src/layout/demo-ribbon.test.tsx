import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DemoRibbon } from './demo-ribbon';

const render = createRenderWithBrand(UiKitProvider);

describe('DemoRibbon', () => {
  it("shows the server's notice as a status", () => {
    render(<DemoRibbon notice="演示环境：支付为模拟，验证码不会真实发送" />);
    expect(screen.getByRole('status')).toHaveTextContent('演示环境：支付为模拟，验证码不会真实发送');
  });

  it('shows nothing in production or before the server answered', () => {
    render(<DemoRibbon notice={undefined} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
