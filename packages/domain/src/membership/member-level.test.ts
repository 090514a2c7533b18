import { describe, expect, it } from 'vitest';
import {
  compareMemberLevels,
  isAtLeastMemberLevel,
  isMemberCode,
  isPaidMemberCode,
  MEMBER_CODES,
  type MemberCode,
  memberLevelRank,
} from './member-level';

describe('member levels', () => {
  it('lists the four codes lowest first', () => {
    expect(MEMBER_CODES).toEqual(['putong', 'toubiaotong', 'qiyetong', 'qiye']);
  });

  it('ranks putong < toubiaotong < qiyetong < qiye', () => {
    expect(memberLevelRank('putong')).toBe(0);
    expect(memberLevelRank('toubiaotong')).toBe(1);
    expect(memberLevelRank('qiyetong')).toBe(2);
    expect(memberLevelRank('qiye')).toBe(3);
  });

  it('sorts with the comparator, lowest first, and highest first when reversed', () => {
    const shuffled: MemberCode[] = ['qiye', 'putong', 'qiyetong', 'toubiaotong'];
    expect([...shuffled].sort(compareMemberLevels)).toEqual(MEMBER_CODES);
    expect([...shuffled].sort((a, b) => compareMemberLevels(b, a))).toEqual([...MEMBER_CODES].reverse());
    expect(compareMemberLevels('qiyetong', 'qiyetong')).toBe(0);
  });

  it('recognises member codes and rejects anything else', () => {
    for (const code of MEMBER_CODES) expect(isMemberCode(code)).toBe(true);
    expect(isMemberCode('vip')).toBe(false);
    expect(isMemberCode('')).toBe(false);
    expect(isMemberCode(undefined)).toBe(false);
    expect(isMemberCode(1)).toBe(false);
  });

  it('treats only the three bought levels as paid', () => {
    expect(isPaidMemberCode('putong')).toBe(false);
    expect(isPaidMemberCode('toubiaotong')).toBe(true);
    expect(isPaidMemberCode('qiyetong')).toBe(true);
    expect(isPaidMemberCode('qiye')).toBe(true);
  });

  it('checks a minimum level inclusively (purchase intentions need qiyetong)', () => {
    expect(isAtLeastMemberLevel('toubiaotong', 'qiyetong')).toBe(false);
    expect(isAtLeastMemberLevel('qiyetong', 'qiyetong')).toBe(true);
    expect(isAtLeastMemberLevel('qiye', 'qiyetong')).toBe(true);
  });
});
