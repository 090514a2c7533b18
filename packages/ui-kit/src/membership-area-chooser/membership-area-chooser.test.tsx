import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { areaTreeFixture, smallAreaTreeFixture } from './area-tree.fixture';
import { MembershipAreaChooser, type MembershipAreaChooserProps } from './membership-area-chooser';

const box = (name: string) => screen.getByRole('checkbox', { name });
const radio = (name: '全国' | '指定省份') => screen.getByRole('radio', { name });
const confirmButton = () => screen.getByRole('button', { name: '确 定' });

function chooser(props: Partial<MembershipAreaChooserProps> = {}) {
  return renderWithKit(
    <MembershipAreaChooser
      opened
      tree={smallAreaTreeFixture}
      value={['全国']}
      onConfirm={() => {}}
      onClose={() => {}}
      {...props}
    />,
  );
}

describe('MembershipAreaChooser', () => {
  it('offers 全国 or 指定省份 over every province-level region, without the cities', () => {
    chooser({ tree: areaTreeFixture, value: ['湖南省'] });
    expect(screen.getByRole('dialog', { name: '选择会员地区' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(34);
    expect(radio('指定省份')).toBeChecked();
    expect(box('广东省')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: '深圳市' })).not.toBeInTheDocument();
  });

  it('opens on 全国 with no province ticked, so ticking one adds it (issue 33)', async () => {
    const onConfirm = vi.fn();
    const { user } = chooser({ tree: areaTreeFixture, onConfirm });
    expect(radio('全国')).toBeChecked();
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    await user.click(radio('指定省份'));
    expect(screen.getByText('请至少选择一个省份')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    await user.click(box('江苏省'));
    expect(box('江苏省')).toBeChecked();
    expect(screen.getByText('已选 1 个省份')).toBeInTheDocument();
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith(['江苏省']);
  });

  it('starts from the chosen provinces and confirms the ticked ones in the tree order', async () => {
    const onConfirm = vi.fn();
    const { user } = chooser({ tree: areaTreeFixture, value: ['湖南省'], onConfirm });
    expect(box('湖南省')).toBeChecked();
    await user.click(box('广东省'));
    await user.click(box('北京市'));
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith(['北京市', '湖南省', '广东省']);
  });

  it('confirms 全国 when 全国 is chosen, and when every province is ticked', async () => {
    const onConfirm = vi.fn();
    const { user } = chooser({ value: ['广东省'], onConfirm });
    await user.click(radio('全国'));
    await user.click(confirmButton());
    await user.click(radio('指定省份'));
    // The provinces unfold again (a transition) before they can be ticked.
    for (const name of ['北京市', '湖南省']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(confirmButton());
    expect(onConfirm.mock.calls).toEqual([[['全国']], [['全国']]]);
  });

  it('works from the keyboard: arrows choose the scope, Space ticks, Tab moves on', async () => {
    const onConfirm = vi.fn();
    const { user } = chooser({ onConfirm });
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
    );
    radio('全国').focus();
    await user.keyboard('{ArrowRight}');
    expect(radio('指定省份')).toBeChecked();
    (await screen.findByRole('checkbox', { name: '广东省' })).focus();
    await user.keyboard(' ');
    expect(box('广东省')).toBeChecked();
    await user.tab();
    expect(box('湖南省')).toHaveFocus();
    await user.keyboard(' ');
    confirmButton().focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith(['广东省', '湖南省']);
  });

  it('forgets the changes on 取 消', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    const props = { tree: smallAreaTreeFixture, value: ['湖南省'], onConfirm, onClose };
    const { user, rerender } = chooser(props);
    await user.click(box('广东省'));
    await user.click(screen.getByRole('button', { name: '取 消' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<MembershipAreaChooser opened={false} {...props} />);
    rerender(<MembershipAreaChooser opened {...props} />);
    expect(box('广东省')).not.toBeChecked();
    expect(box('湖南省')).toBeChecked();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('offers only 全国 when the member type’s area cannot be edited', async () => {
    const onConfirm = vi.fn();
    const { user } = chooser({ editable: false, value: ['广东省'], onConfirm });
    expect(radio('全国')).toBeChecked();
    expect(radio('指定省份')).toBeDisabled();
    expect(screen.getByText('该会员类型仅支持全国')).toBeInTheDocument();
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith(['全国']);
  });
});
