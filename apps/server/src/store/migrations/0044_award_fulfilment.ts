// Winners and fulfilment (issue #26, decision 0038): a goods award carries its shipment (carrier,
// tracking number, when it shipped) and the winner's confirmation of receipt; an exchange code
// gets the instant it starts to work (0 = at once, what every earlier code had) and an index that
// lists a template's codes for the operator.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_awards').addColumn('carrier', 'varchar(32)').execute();
  await db.schema.alterTable('campaign_awards').addColumn('tracking_no', 'varchar(64)').execute();
  await db.schema.alterTable('campaign_awards').addColumn('shipped_at', 'bigint').execute();
  await db.schema.alterTable('campaign_awards').addColumn('received_at', 'bigint').execute();
  await db.schema
    .alterTable('coupon_exchange_codes')
    .addColumn('starts_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('coupon_exchange_codes_template')
    .on('coupon_exchange_codes')
    .columns(['template_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('coupon_exchange_codes_template').execute();
  await db.schema.alterTable('coupon_exchange_codes').dropColumn('starts_at').execute();
  for (const column of ['received_at', 'shipped_at', 'tracking_no', 'carrier'])
    await db.schema.alterTable('campaign_awards').dropColumn(column).execute();
}
