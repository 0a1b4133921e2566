import type { toWireBlockRef } from '../../wire/transaction';
import { builder } from '../builder';

export const BlockRef = builder.objectRef<ReturnType<typeof toWireBlockRef>>('BlockRef').implement({
  description:
    'The shard block a transaction belongs to (ton-indexer `transactions.block_workchain`, `block_shard`, `block_seqno`). For an emulated transaction, the block the emulation ran on.',
  fields: (t) => ({
    workchain: t.exposeInt('workchain', { nullable: true, description: 'Workchain id: -1 for the masterchain, 0 for the basechain.' }),
    shard: t.expose('shard', {
      type: 'BigInt',
      nullable: true,
      description:
        'Shard id as a signed 64-bit decimal: the shard prefix bits followed by a 1 bit. The masterchain shard is -9223372036854775808 (0x8000000000000000); TON Center v3 writes it as unsigned hex ("8000000000000000").',
    }),
    seqno: t.exposeInt('seqno', {
      nullable: true,
      description: "The block's sequence number within its shard chain (not the masterchain seqno, see `Transaction.mcBlockSeqno`).",
    }),
  }),
});
