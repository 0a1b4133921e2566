import { expect } from 'vitest';
import type { MasterchainTip } from '../../src/data/blocks';
import type { TestDatabase } from './databases';

/** Waits (up to 5 s) for `done`, then asserts it. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(done()).toBe(true);
}

/** The newest masterchain seqno of the database, once `masterchainTip` (following it) has seen it. */
export async function tipSeen(db: TestDatabase, masterchainTip: MasterchainTip): Promise<number> {
  const [{ tip }] = await db.writer.query<{ tip: number }>('select max(seqno) as tip from blocks where workchain = -1');
  await until(() => masterchainTip.highest === tip);
  return tip;
}

/**
 * A later masterchain block indexed (a copy of `tip`'s row) and seen by `masterchainTip`: what was newest is
 * final now. Returns its removal.
 */
export async function nextMasterchainBlock(db: TestDatabase, masterchainTip: MasterchainTip, tip: number): Promise<() => Promise<unknown>> {
  const seqno = masterchainTip.highest + 1;
  await db.writer.query(
    `insert into blocks (workchain, shard, seqno, root_hash, file_hash, mc_block_workchain, mc_block_shard, mc_block_seqno)
     select workchain, shard, $2::int, root_hash, file_hash, mc_block_workchain, mc_block_shard, $2::int from blocks where workchain = -1 and seqno = $1`,
    [tip, seqno],
  );
  await until(() => masterchainTip.highest === seqno);
  return () => db.writer.query('delete from blocks where workchain = -1 and seqno = $1', [seqno]);
}
