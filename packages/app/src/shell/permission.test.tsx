import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user-store';
import { Permission } from './permission';

afterEach(() => useUserStore.setState({ roles: [] }));

describe('Permission (spec §5 permission directive)', () => {
  it('shows its children to a user holding one of the roles and removes them otherwise', () => {
    useUserStore.setState({ roles: ['qiye', 'primary', 'qiyePrimary'] });
    const { rerender } = render(
      <Permission roles={['qiyePrimary']}>
        <a href="#/dataStatistics">企业数据统计</a>
      </Permission>,
    );
    expect(screen.getByRole('link', { name: '企业数据统计' })).toBeInTheDocument();
    useUserStore.setState({ roles: ['toubiaotong', 'primary'] });
    rerender(
      <Permission roles={['qiyePrimary']}>
        <a href="#/dataStatistics">企业数据统计</a>
      </Permission>,
    );
    expect(screen.queryByRole('link', { name: '企业数据统计' })).not.toBeInTheDocument();
  });

  it('raises an error when used without roles', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Permission roles={[]}>x</Permission>)).toThrow(/非空的角色列表/);
    vi.restoreAllMocks();
  });
});
