import type { AreaNode } from '@tender/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { GroupForm, type GroupFormProps } from './group-form';
import type { KeywordCheck, SubscriptionGroup, SubscriptionLimit } from './types';

const areaTree: AreaNode[] = [
  {
    name: '全国',
    code: '100000',
    classify: 'all',
    children: [
      { name: '广东省', code: '440000', classify: 'one', children: [] },
      { name: '北京市', code: '110000', classify: 'one', children: [] },
    ],
  },
];

const limits: SubscriptionLimit[] = [
  { kind: 'tender', maxGroups: 10, usedGroups: 2, maxWords: 3 },
  { kind: 'award', maxGroups: 0, usedGroups: 0, maxWords: 0 },
  { kind: 'early', maxGroups: 5, usedGroups: 5, maxWords: 10 },
];

const saved: SubscriptionGroup = {
  id: 7,
  kind: 'tender',
  name: '医院设备',
  includeWords: ['医院', '设备'],
  excludeWords: ['维修'],
  scope: 10,
  areaCodes: ['440000'],
  types: ['gk'],
  amount: '0.01,500',
  unread: 3,
  createdAt: '2026-03-01 10:00:00',
  updatedAt: '2026-03-01 10:00:00',
};

/** The server's keyword check: every word is fine except those in `refused`. */
function verifier(refused: Record<string, string> = {}) {
  return vi.fn(
    async (word: string): Promise<KeywordCheck> => ({
      keyword: word,
      valid: !(word in refused),
      message: refused[word] ?? '可以订阅',
      recentCount: 12,
    }),
  );
}

async function renderForm(props: Partial<GroupFormProps> = {}) {
  const onSubmit = vi.fn(async () => undefined);
  const onUpgrade = vi.fn();
  const verifyWord = verifier();
  const rendered = await renderWithRouter(
    <GroupForm
      kinds={['tender', 'award', 'early']}
      limits={limits}
      areaTree={areaTree}
      recommendedWords={['监理', '物业']}
      suggestWords={async () => []}
      verifyWord={verifyWord}
      onSubmit={onSubmit}
      onCancel={() => undefined}
      onUpgrade={onUpgrade}
      {...props}
    />,
    { path: '/subscribe/bidding', paths: ['/subscribe/bidding'] },
  );
  return { ...rendered, onSubmit, onUpgrade, verifyWord };
}

const includeInput = () => screen.getByRole('combobox', { name: '订阅关键词' });
const excludeInput = () => screen.getByRole('combobox', { name: '排除词' });

describe('GroupForm', () => {
  it("shows the level's limits for the chosen kind, and the upgrade offer where the level has none", async () => {
    const { user, onUpgrade } = await renderForm();
    expect(screen.getByText('招标信息：已用 2/10 组，每组最多 3 个关键词')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '中标信息' }));
    expect(screen.getByText('中标信息：当前会员不可订阅')).toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('当前会员不能建立这类订阅分组');
    await user.click(within(notice).getByRole('button', { name: '升级会员' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('radio', { name: '商机（招标预告、采购意向）' }));
    expect(screen.getByRole('alert')).toHaveTextContent('分组数已达会员权益上限');
  });

  it('adds keywords typed or recommended, checks each with the server and stops at the word limit', async () => {
    const { user, onSubmit, verifyWord } = await renderForm();
    await user.type(includeInput(), '医院{Enter}');
    await user.click(screen.getByRole('button', { name: '添加关键词 监理' }));
    expect(await screen.findByText('“监理”近 30 天标题命中 12 条')).toBeInTheDocument();
    expect(verifyWord.mock.calls.map(([word]) => word)).toEqual(['医院', '监理']);
    await user.type(includeInput(), '医{Enter}');
    expect(screen.getByText('关键词须为 2—20 个字')).toBeInTheDocument();
    await user.type(includeInput(), '物业{Enter}');
    await user.type(includeInput(), '保洁{Enter}');
    expect(screen.getByText('每组最多 3 个关键词')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'tender',
        includeWords: ['医院', '监理', '物业'],
        name: '医院、监理、物业',
      }),
    );
  });

  it('drops a word the server refuses and says why', async () => {
    const { user } = await renderForm({ verifyWord: verifier({ '！！': '关键词须包含可检索的文字' }) });
    await user.type(includeInput(), '！！{Enter}');
    expect(await screen.findByText('“！！”不能订阅：关键词须包含可检索的文字')).toBeInTheDocument();
    expect(includeInput().closest('.mantine-TagsInput-pillsList')).not.toHaveTextContent('！！');
  });

  it('requires a keyword and keeps a word out of both lists', async () => {
    const { user, onSubmit } = await renderForm();
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(screen.getByText('请至少填写 1 个关键词')).toBeInTheDocument();
    await user.type(includeInput(), '医院{Enter}');
    await user.type(excludeInput(), '医院{Enter}');
    expect(screen.getByText('“医院”不能既是关键词又是排除词')).toBeInTheDocument();
    await user.type(excludeInput(), '维修{Enter}');
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ includeWords: ['医院'], excludeWords: ['维修'] }),
    );
  });

  it("sends the amount range as 'min,max' with a minimum of 0 sent as 0.01 (spec §5)", async () => {
    const { user, onSubmit } = await renderForm();
    await user.type(includeInput(), '医院{Enter}');
    await user.type(screen.getByRole('textbox', { name: '最低金额（万元）' }), '0');
    await user.type(screen.getByRole('textbox', { name: '最高金额（万元）' }), '100');
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ amount: '0.01,100' }));

    await user.clear(screen.getByRole('textbox', { name: '最低金额（万元）' }));
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ amount: ',100' }));

    await user.type(screen.getByRole('textbox', { name: '最低金额（万元）' }), '200');
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(screen.getByText('最低金额不能大于最高金额')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('edits a saved group with its filters and shows the reason the server refuses a save', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('您的会员每个分组最多 3 个关键词');
    });
    const { user } = await renderForm({ group: saved, onSubmit });
    expect(screen.getByRole('textbox', { name: '分组名称' })).toHaveValue('医院设备');
    expect(screen.getByRole('radio', { name: '全文' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '公开招标' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: '最低金额（万元）' })).toHaveValue('0.01');
    const areas = screen.getByRole('combobox', { name: '地区' }).closest('.mantine-MultiSelect-pillsList');
    expect(areas).toHaveTextContent('广东省');
    expect(areas).not.toHaveTextContent('北京市');
    await user.click(screen.getByRole('radio', { name: '标题' }));
    await user.click(screen.getByRole('checkbox', { name: '询价' }));
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: 7,
      kind: 'tender',
      name: '医院设备',
      includeWords: ['医院', '设备'],
      excludeWords: ['维修'],
      scope: 20,
      areas: ['440000'],
      types: ['gk', 'xj'],
      amount: '0.01,500',
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('您的会员每个分组最多 3 个关键词'),
    );
  });
});
