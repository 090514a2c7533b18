import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { areaTreeFixture, smallAreaTreeFixture } from './area-tree.fixture';
import { MembershipAreaChooser } from './membership-area-chooser';

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('MembershipAreaChooser', () => {
  it('shows 全国 over every province-level region with checkboxes, without the cities', () => {
    renderWithKit(
      <MembershipAreaChooser
        opened
        tree={areaTreeFixture}
        value={[]}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: '选择会员地区' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(35);
    expect(box('全国')).not.toBeChecked();
    expect(box('广东省')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: '深圳市' })).not.toBeInTheDocument();
  });

  it('starts from the chosen provinces and confirms the ticked ones in the tree order', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithKit(
      <MembershipAreaChooser
        opened
        tree={areaTreeFixture}
        value={['湖南省']}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(box('湖南省')).toBeChecked();
    expect(box('全国')).toHaveAttribute('data-indeterminate', 'true');
    await user.click(box('广东省'));
    await user.click(box('北京市'));
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(onConfirm).toHaveBeenCalledWith(['北京市', '湖南省', '广东省']);
  });

  it('ticks every province with 全国, and confirms 全国 when all are ticked', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithKit(
      <MembershipAreaChooser
        opened
        tree={smallAreaTreeFixture}
        value={[]}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    await user.click(box('全国'));
    expect(box('北京市')).toBeChecked();
    expect(box('湖南省')).toBeChecked();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await user.click(box('全国'));
    expect(box('广东省')).not.toBeChecked();
    for (const name of ['北京市', '广东省', '湖南省']) await user.click(box(name));
    expect(box('全国')).toBeChecked();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(onConfirm.mock.calls).toEqual([[['全国']], [['全国']]]);
  });

  it('shows 全国 as every province ticked when the value is 全国', () => {
    renderWithKit(
      <MembershipAreaChooser
        opened
        tree={smallAreaTreeFixture}
        value={['全国']}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(box('全国')).toBeChecked();
    expect(box('广东省')).toBeChecked();
    expect(screen.getByText('已选 3 个地区')).toBeInTheDocument();
  });

  it('works from the keyboard: Space ticks, Tab moves on', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithKit(
      <MembershipAreaChooser
        opened
        tree={smallAreaTreeFixture}
        value={[]}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    // The dialog moves the focus into itself when it opens; start from there.
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
    );
    box('广东省').focus();
    await user.keyboard(' ');
    expect(box('广东省')).toBeChecked();
    await user.tab();
    expect(box('湖南省')).toHaveFocus();
    await user.keyboard(' ');
    screen.getByRole('button', { name: '确 定' }).focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith(['广东省', '湖南省']);
  });

  it('folds the provinces away under 全国 and back', async () => {
    const { user } = renderWithKit(
      <MembershipAreaChooser
        opened
        tree={smallAreaTreeFixture}
        value={[]}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.getByRole('button', { name: '展开' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: '北京市' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '展开' }));
    expect(await screen.findByRole('checkbox', { name: '北京市' })).toBeVisible();
  });

  it('forgets the ticks on 取 消', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    const { user, rerender } = renderWithKit(
      <MembershipAreaChooser
        opened
        tree={smallAreaTreeFixture}
        value={[]}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    await user.click(box('广东省'));
    await user.click(screen.getByRole('button', { name: '取 消' }));
    expect(onClose).toHaveBeenCalled();
    rerender(
      <MembershipAreaChooser
        opened={false}
        tree={smallAreaTreeFixture}
        value={[]}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    rerender(
      <MembershipAreaChooser
        opened
        tree={smallAreaTreeFixture}
        value={[]}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(box('广东省')).not.toBeChecked();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('offers only 全国 when the member type’s area cannot be edited', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithKit(
      <MembershipAreaChooser
        opened
        editable={false}
        tree={smallAreaTreeFixture}
        value={['广东省']}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(box('全国')).toBeDisabled();
    expect(box('广东省')).toBeDisabled();
    expect(screen.getByText('该会员类型仅支持全国')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(onConfirm).toHaveBeenCalledWith(['全国']);
  });
});
