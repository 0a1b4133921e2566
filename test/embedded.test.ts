import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openForServing } from '../src/db/open';
import { readMeta } from '../src/db/schema';
import { startService } from './helpers/service';

describe('the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonql-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir });
  const log = pino({ level: 'silent' });

  it('is created with the demo data on first start, served read-only, and reopened as it is', async () => {
    const first = await openForServing(config, log);
    expect(first.network).toBe('testnet');
    expect(first.apiVersion).toBe('1.2.10');
    const service = await startService(first.db, first.network);
    try {
      const body = await (await service.get('/api/v3/transactionsByMasterchainBlock?seqno=32737160&limit=100')).json();
      expect(body.transactions).toHaveLength(9);
      for (const entry of Object.values<any>(body.address_book)) expect(entry.user_friendly).toMatch(/^[0k]Q/);
      const other = await (await service.get('/api/v3/transactionsByMasterchainBlock?seqno=33187407')).json();
      // the demo's address book entry for this account, reproduced from the account's code hash
      expect(other.address_book['0:00194AAD8E422BEDF43FEE746D6D929D369DBAB25468A69D513706EA6978B63A'].user_friendly).toBe(
        'kQAAGUqtjkIr7fQ_7nRtbZKdNp26slRopp1RNwbqaXi2OnXH',
      );
      const pending = await (await service.get('/api/v3/pendingTraces?account=0:1FE0FA0E78288928CA05908C617FB90BDC7EDDE429E146CA048BDCD31C890E76')).json();
      expect(pending.traces.map((t: any) => t.trace_id)).toEqual(['hPsKr1gX3tIId86HKUdy5X2+qJhMubDwU+2JVRCz0Aw=']);
      expect(Object.keys(pending.traces[0].transactions)).toHaveLength(11);
      const byHash = await (await service.get(`/api/v3/pendingTraces?ext_msg_hash=${encodeURIComponent('k8ztYOgzW8bCF3mCKesPmDxeb+A1+3mqmsFj/4rhLD0=')}`)).json();
      expect(byHash.traces.map((t: any) => t.trace_id)).toEqual(['hPsKr1gX3tIId86HKUdy5X2+qJhMubDwU+2JVRCz0Aw=']);
      await expect(first.db.query(`insert into blocks (workchain, shard, seqno) values (0, 0, 1)`)).rejects.toMatchObject({ code: '25006' });
      const loadedAt = (await readMeta(first.db)).get('demo');
      expect(loadedAt).toMatch(/^loaded /);
      await service.close();
      await first.db.close();

      const second = await openForServing(config, log);
      expect((await readMeta(second.db)).get('demo')).toBe(loadedAt);
      const [{ n }] = await second.db.query<{ n: string }>('select count(*)::text as n from transactions');
      expect(Number(n)).toBe(125); // the by-account file repeats transactions the traces hold
      await second.db.close();
    } finally {
      await service.close().catch(() => {});
    }
  });
});
