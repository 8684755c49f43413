// Deletes a prize nobody has won and the settings do not name. The server refuses the others:
// one already won is retired instead (61014), one the settings name must leave them first (61015);
// its Chinese message is shown as it comes.
import { Button, Popconfirm, message } from 'antd';
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';

type Prize = DataOf<'admin.campaign'>['prizes'][number];

export function DeletePrizeButton({
  id,
  prize,
  onSaved,
}: {
  id: string;
  prize: Prize;
  onSaved(): void;
}) {
  const remove = async () => {
    try {
      await request(api.call('admin.deletePrize', { id, key: prize.key }));
      message.success('奖品已删除');
      onSaved();
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return (
    <Popconfirm
      title={`删除 ${prize.name}？`}
      description="只能删除无人中过、活动设置也未引用的奖品；删除后不可恢复。"
      okText="删除"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      onConfirm={remove}
    >
      <Button size="small" danger>
        删除
      </Button>
    </Popconfirm>
  );
}
