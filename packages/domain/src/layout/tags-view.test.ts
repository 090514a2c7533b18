import { describe, expect, it } from 'vitest';
import {
  addTagsView,
  deleteAllTagsViews,
  deleteOtherTagsViews,
  deleteTagsView,
  type TagsViewState,
  updateTagsView,
  type VisitedView,
} from './tags-view';

const dashboard: VisitedView = { path: '/dashboard', title: '数据看板', name: 'Dashboard', affix: true };
const bidding: VisitedView = { path: '/subscribe/bidding', title: '招标订阅', name: 'Bidding' };
const upfront: VisitedView = { path: '/subscribe/upfront', title: '拟建订阅', name: 'Upfront' };
const infoEdit: VisitedView = { path: '/infoEdit', title: '账号设置', name: 'InfoEdit', noCache: true };

const empty: TagsViewState = { visitedViews: [], cachedViews: [] };

function open(...views: VisitedView[]): TagsViewState {
  return views.reduce(addTagsView, empty);
}

describe('addTagsView', () => {
  it('adds a view and caches its route name', () => {
    expect(addTagsView(empty, bidding)).toEqual({ visitedViews: [bidding], cachedViews: ['Bidding'] });
  });

  it('does not add a path twice', () => {
    const state = open(bidding, { ...bidding, title: 'again' });
    expect(state.visitedViews).toEqual([bidding]);
    expect(state.cachedViews).toEqual(['Bidding']);
  });

  it('does not cache routes flagged noCache or without a name', () => {
    expect(open(infoEdit).cachedViews).toEqual([]);
    expect(open(infoEdit).visitedViews).toEqual([infoEdit]);
    expect(open({ path: '/x', title: 'x' }).cachedViews).toEqual([]);
  });

  it('does not mutate the state it is given', () => {
    const state = open(bidding);
    addTagsView(state, upfront);
    expect(state).toEqual({ visitedViews: [bidding], cachedViews: ['Bidding'] });
  });
});

describe('deleteTagsView', () => {
  it('removes the view by path and its cache entry', () => {
    expect(deleteTagsView(open(bidding, upfront), bidding)).toEqual({
      visitedViews: [upfront],
      cachedViews: ['Upfront'],
    });
  });

  it('leaves the state alone for an unknown path', () => {
    expect(deleteTagsView(open(bidding), { path: '/nope' })).toEqual(open(bidding));
  });
});

describe('deleteOtherTagsViews', () => {
  it('keeps the affixed views and the given one', () => {
    const state = deleteOtherTagsViews(open(dashboard, bidding, upfront, infoEdit), upfront);
    expect(state.visitedViews).toEqual([dashboard, upfront]);
    expect(state.cachedViews).toEqual(['Dashboard', 'Upfront']);
  });
});

describe('deleteAllTagsViews', () => {
  it('keeps only the affixed views', () => {
    const state = deleteAllTagsViews(open(dashboard, bidding, upfront));
    expect(state).toEqual({ visitedViews: [dashboard], cachedViews: ['Dashboard'] });
  });

  it('empties a bar without affixed views', () => {
    expect(deleteAllTagsViews(open(bidding, upfront))).toEqual(empty);
  });
});

describe('updateTagsView', () => {
  it('merges new fields into the view with the same path', () => {
    const state = updateTagsView(open(bidding, upfront), { path: bidding.path, title: '招标订阅（新）' });
    expect(state.visitedViews).toEqual([{ ...bidding, title: '招标订阅（新）' }, upfront]);
  });

  it('changes nothing for an unknown path', () => {
    expect(updateTagsView(open(bidding), { path: '/nope', title: 'x' })).toEqual(open(bidding));
  });
});
