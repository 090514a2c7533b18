import type { User } from '@tender/contracts';
import { messages } from './messages';

/** The fields of 个人资料 as typed; the limits are the server's (contracts `updateUser`). */
export interface ProfileForm {
  userName: string;
  realUserName: string;
  companyName: string;
  industry: string;
  jobTitle: string;
  email: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

const LIMITS: Record<keyof ProfileForm, { max: number; required: boolean }> = {
  userName: { max: 30, required: true },
  realUserName: { max: 30, required: true },
  companyName: { max: 100, required: true },
  industry: { max: 50, required: false },
  jobTitle: { max: 50, required: false },
  email: { max: 100, required: false },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function profileFormOf(user: User): ProfileForm {
  return {
    userName: user.userName,
    realUserName: user.realUserName,
    companyName: user.companyName,
    industry: user.industry,
    jobTitle: user.jobTitle,
    email: user.email,
  };
}

/** The form's mistakes, each naming its field; empty when it can be saved. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const t = messages.infoEdit;
  const errors: ProfileErrors = {};
  for (const field of Object.keys(LIMITS) as (keyof ProfileForm)[]) {
    const value = form[field].trim();
    const { max, required } = LIMITS[field];
    if (required && value === '') errors[field] = t.required(t[field]);
    else if ([...value].length > max) errors[field] = t.tooLong(t[field], max);
  }
  if (!errors.email && form.email.trim() !== '' && !EMAIL.test(form.email.trim())) {
    errors.email = t.emailInvalid;
  }
  return errors;
}

/** What `updateUser` takes: every field trimmed (an empty optional field clears it). */
export function profileUpdateOf(form: ProfileForm): ProfileForm {
  return {
    userName: form.userName.trim(),
    realUserName: form.realUserName.trim(),
    companyName: form.companyName.trim(),
    industry: form.industry.trim(),
    jobTitle: form.jobTitle.trim(),
    email: form.email.trim(),
  };
}
