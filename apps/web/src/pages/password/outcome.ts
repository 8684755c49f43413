// What a password attempt tells the shopper: a prize, or why not, each refusal with its own
// title so "wrong", "used up" and "expired" never read alike; the server's message stays the
// detail (it names the minutes of a rate limit, for example).
import { CODES, type Award } from '../campaign-kit/api.ts';

export interface Outcome {
  tone: 'win' | 'refused';
  title: string;
  message: string;
  award: Award | null;
}

const TITLES: Record<number, string> = {
  [CODES.passwordWrong.code]: '口令不正确',
  [CODES.passwordUsedUp.code]: '奖品已领完',
  [CODES.passwordExpired.code]: '口令已过期',
  [CODES.passwordNotStarted.code]: '口令尚未生效',
  [CODES.passwordAlreadyUsed.code]: '已经兑换过啦',
  [CODES.passwordTooManyAttempts.code]: '尝试次数过多',
  [CODES.campaignEnded.code]: '活动已结束',
  [CODES.campaignNotStarted.code]: '活动尚未开始',
};

export function outcomeOf(code: number, message: string, award: Award | null): Outcome {
  if (code === 0 && award) {
    return { tone: 'win', title: '兑换成功', message: `恭喜获得「${award.name}」`, award };
  }
  return { tone: 'refused', title: TITLES[code] ?? '兑换失败', message, award: null };
}
