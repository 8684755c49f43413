// Change a prize by PATCH: only the fields the operator changed are sent. Once the campaign is
// published its stock is not in this form (the server would refuse an absolute number, 61013):
// it moves by relative amounts through the stock button, so draws made meanwhile are never lost.
import type { DataOf } from '@morsel/api/client';
import { api, request } from '../../api.ts';
import { EditDialog } from '../../ui/EditDialog.tsx';
import { PrizeFields } from './PrizeFields.tsx';

type Detail = DataOf<'admin.campaign'>;
type Prize = Detail['prizes'][number];

interface Values {
  name: string;
  image: string;
  kind: Prize['kind'];
  value: string;
  weight: number;
  slot: number;
  limited: boolean;
  stock: number | null;
}

const EDITABLE = ['name', 'image', 'kind', 'value', 'weight', 'slot'] as const;

/** The fields whose value differs from the prize's, as PATCH takes them. */
function changes(prize: Prize, values: Values, stockEditable: boolean) {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE) if (values[field] !== prize[field]) patch[field] = values[field];
  if (stockEditable) {
    const stock = values.limited ? (values.stock ?? 0) : null;
    if (stock !== prize.stock) patch.stock = stock;
  }
  return patch;
}

export function PrizeEditButton({
  campaign,
  prize,
  onSaved,
}: {
  campaign: Detail;
  prize: Prize;
  onSaved(): void;
}) {
  const draft = campaign.status === 'draft';
  return (
    <EditDialog<Values>
      label="编辑"
      title={`编辑奖品：${prize.name}`}
      initialValues={() => ({ ...prize, limited: prize.stock !== null })}
      save={(values) =>
        request(
          api.call('admin.patchPrize', {
            id: campaign.id,
            key: prize.key,
            ...changes(prize, values, draft),
          }),
        )
      }
      successText="奖品已保存"
      onSaved={onSaved}
      width={640}
    >
      <PrizeFields stockEditable={draft} stock={prize.stock} />
    </EditDialog>
  );
}
