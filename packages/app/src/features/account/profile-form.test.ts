import { describe, expect, it } from 'vitest';
import { type ProfileForm, profileUpdateOf, validateProfile } from './profile-form';

const form: ProfileForm = {
  userName: '王经理',
  realUserName: '王小明',
  companyName: '测试科技有限公司',
  industry: '',
  jobTitle: '',
  email: '',
};

describe('profile form', () => {
  it('accepts a complete profile with the optional fields empty', () => {
    expect(validateProfile(form)).toEqual({});
  });

  it('names the required field that is empty and the field that is too long', () => {
    expect(validateProfile({ ...form, realUserName: '  ', userName: '', companyName: '' })).toEqual({
      realUserName: '请填写真实姓名',
      userName: '请填写昵称',
      companyName: '请填写公司名称',
    });
    expect(validateProfile({ ...form, realUserName: '名'.repeat(31), industry: '业'.repeat(51) })).toEqual({
      realUserName: '真实姓名最多 30 个字',
      industry: '行业最多 50 个字',
    });
  });

  it('refuses an email address that is not one', () => {
    expect(validateProfile({ ...form, email: 'wang@example' })).toEqual({
      email: '邮箱格式不正确，请输入正确的邮箱地址',
    });
    expect(validateProfile({ ...form, email: 'wang@example.com' })).toEqual({});
  });

  it('sends every field trimmed', () => {
    expect(profileUpdateOf({ ...form, jobTitle: ' 采购经理 ' }).jobTitle).toBe('采购经理');
  });
});
