import type { toWireBlockRef } from '../../wire/transaction';
import { builder } from '../builder';

export const BlockRef = builder.objectRef<ReturnType<typeof toWireBlockRef>>('BlockRef').implement({
  description: 'The shard block a transaction belongs to.',
  fields: (t) => ({
    workchain: t.exposeInt('workchain', { nullable: true }),
    shard: t.expose('shard', { type: 'BigInt', nullable: true, description: 'Signed 64-bit shard id; the masterchain shard is -9223372036854775808.' }),
    seqno: t.exposeInt('seqno', { nullable: true }),
  }),
});
