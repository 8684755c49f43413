import { describe, expect, it } from 'vitest';
import { checkUserUpdate } from './user-rules.ts';

describe('profile rules', () => {
  it('accepts empty optional formats and valid values', () => {
    expect(checkUserUpdate({ email: '', birth: '', tel: '' })).toBeNull();
    expect(
      checkUserUpdate({
        email: 'a@b.cn',
        birth: '1990-02-28',
        tel: '+86 138 0013 8000',
        gender: 'female',
      }),
    ).toBeNull();
  });

  it.each([
    [{ email: 'no-at' }, 'email is not valid'],
    [{ birth: '1990/02/28' }, 'birth must be YYYY-MM-DD'],
    [{ tel: 'call me' }, 'tel is not valid'],
    [{ gender: 'other' as never }, 'gender must be unknown, male or female'],
    [{}, 'nothing to update'],
  ])('refuses %j', (user, message) => {
    expect(checkUserUpdate(user)).toBe(message);
  });
});
