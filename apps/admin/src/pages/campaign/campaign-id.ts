// A campaign's id as the admin API takes it (the `Key` of @morsel/api): checked in the form
// first so the operator hears about it before the server does.
import type { FormRule } from 'antd';

export const CAMPAIGN_ID_RULES: FormRule[] = [
  { required: true, message: '请填写活动编号' },
  {
    pattern: /^[a-z0-9-]{1,64}$/,
    message: '活动编号为 1-64 个小写字母、数字或 -',
  },
];
