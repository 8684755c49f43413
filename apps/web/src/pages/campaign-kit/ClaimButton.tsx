// The big claim button of the coupon pages: its label follows the campaign's state and the
// shopper's login, so every page says the same thing in the same situation.
import { Button } from '../../ui/index.ts';

export interface ClaimButtonProps {
  /** The campaign is running (claims are possible). */
  running: boolean;
  campaignState: string;
  loggedIn: boolean;
  claiming: boolean;
  /** The label when running and logged in, e.g. 一键领取. */
  label: string;
  onClick(): void;
}

export function ClaimButton({
  running,
  campaignState,
  loggedIn,
  claiming,
  label,
  onClick,
}: ClaimButtonProps) {
  const text = !running
    ? campaignState === 'ended'
      ? '活动已结束'
      : '活动未开始'
    : loggedIn
      ? label
      : '登录领取';
  return (
    <Button
      block
      color="primary"
      shape="rounded"
      size="large"
      loading={claiming}
      disabled={!running}
      onClick={onClick}
    >
      {text}
    </Button>
  );
}
