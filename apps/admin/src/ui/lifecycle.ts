// A campaign's lifecycle as the console shows it (decision 0037): its status in Chinese and the
// moves an operator may offer from each. The server decides (61012 names the allowed moves); the
// console offers only the moves it would accept, so an operator never meets that refusal from a
// button unless someone else moved the campaign meanwhile.
export type CampaignStatus = 'draft' | 'scheduled' | 'running' | 'paused' | 'ended' | 'archived';
export type StatusTarget = 'live' | 'paused' | 'ended' | 'archived';

export const STATUS_LABELS: Record<CampaignStatus, { text: string; color: string }> = {
  draft: { text: '草稿', color: 'default' },
  scheduled: { text: '待开始', color: 'blue' },
  running: { text: '进行中', color: 'green' },
  paused: { text: '已暂停', color: 'orange' },
  ended: { text: '已结束', color: 'red' },
  archived: { text: '已归档', color: 'default' },
};

export interface LifecycleMove {
  to: StatusTarget;
  /** The button's text. */
  label: string;
  /** What the confirmation says happens. */
  confirm: string;
  danger?: boolean;
}

const PUBLISH: LifecycleMove = {
  to: 'live',
  label: '发布',
  confirm: '发布后顾客即可参与（开始时间未到则到时自动开始），库存只能按增减调整。',
};
const PAUSE: LifecycleMove = {
  to: 'paused',
  label: '暂停',
  confirm: '暂停期间顾客不能参与，可随时恢复。',
};
const RESUME: LifecycleMove = { to: 'live', label: '恢复', confirm: '恢复后顾客可继续参与。' };
const END: LifecycleMove = {
  to: 'ended',
  label: '结束',
  confirm: '结束后不能再恢复，顾客不能再参与；已中奖的记录不受影响。',
  danger: true,
};
const ARCHIVE: LifecycleMove = {
  to: 'archived',
  label: '归档',
  confirm: '归档后活动不再对顾客展示，也不能再发布。',
  danger: true,
};

/**
 * The moves the admin API accepts from a status: a draft is published or archived, a live one
 * (scheduled or running) paused or ended, a paused one resumed or ended, an ended one archived.
 */
export function lifecycleMoves(status: CampaignStatus): LifecycleMove[] {
  switch (status) {
    case 'draft':
      return [PUBLISH, ARCHIVE];
    case 'scheduled':
    case 'running':
      return [PAUSE, END];
    case 'paused':
      return [RESUME, END];
    case 'ended':
      return [ARCHIVE];
    case 'archived':
      return [];
  }
}
