import { Drawer, Modal, useMantineTheme } from '@mantine/core';
import { useDatesContext } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { testBrand } from '../test/render';
import { UiKitProvider } from './ui-kit-provider';

function Probe() {
  const theme = useMantineTheme();
  const dates = useDatesContext();
  return (
    <output>
      {theme.primaryColor}|{theme.colors.brand?.[6]}|{dates.locale}|{dayjs('2026-03-02').format('dddd MMMM')}
    </output>
  );
}

describe('UiKitProvider', () => {
  it("themes everything with the brand's colour and speaks Chinese dates", () => {
    render(
      <UiKitProvider brand={testBrand} env="test">
        <Probe />
      </UiKitProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('brand|#1d5fd1|zh-cn|星期一 三月');
  });
});

describe('UiKitProvider dialogs', () => {
  it('names every modal’s and drawer’s close button 关闭', () => {
    render(
      <UiKitProvider brand={testBrand} env="test">
        <Modal opened onClose={() => undefined} title="开通会员">
          内容
        </Modal>
        <Drawer opened onClose={() => undefined} title="系统布局配置">
          内容
        </Drawer>
      </UiKitProvider>,
    );
    expect(screen.getAllByRole('button', { name: '关闭' })).toHaveLength(2);
  });
});
