import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../src/import/importFile';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { fixtureJson, realTestnetTraces } from './helpers/fixtures';
import { startService } from './helpers/service';

describe('OpenAPI document', () => {
  let db: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let validate: (schema: string, value: unknown) => void;
  let validateRoute: (url: string) => Promise<void>;
  const pending = (() => {
    const json = realTestnetTraces().json;
    json.traces = json.traces.slice(0, 3).map((t: any) => ({ ...t, trace_info: { ...t.trace_info, trace_state: 'pending' } }));
    const actions = fixtureJson('actions_mainnet_2026_by_account.json').response;
    json.traces[0].actions = actions.actions.map((a: any) => ({ ...a, trace_id: json.traces[0].trace_id }));
    json.metadata = actions.metadata;
    return json;
  })();

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await importDocument(db.writer, 'pending', JSON.stringify(pending));
    service = await startService(db.reader);
    const doc = await (await service.get('/api/v3/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    validate = (schema, value) => {
      const check = ajv.getSchema(`doc#/components/schemas/${schema}`)!;
      const ok = check(value);
      expect(ok ? [] : check.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`), schema).toEqual([]);
    };
    // A route's response against the schema its own path names (a path missing from the document fails here).
    validateRoute = async (url) => {
      const res = await service.get(url);
      const operation = doc.paths[url.split('?')[0]]?.get;
      expect(operation, url).toBeDefined();
      const status = String(res.status);
      expect(Object.keys(operation.responses), `${url} answered ${status}`).toContain(status);
      const { $ref } = operation.responses[status].content['application/json'].schema;
      validate($ref.split('/').pop(), await res.json());
    };
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('describes the real responses of both routes and their errors', async () => {
    const seqno = pending.traces[0].transactions[pending.traces[0].trace_id].mc_block_seqno;
    validate('TransactionsResponse', await (await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${seqno}&limit=100`)).json());
    const traces = await (
      await service.get(`/api/v3/pendingTraces?${pending.traces.map((t: any) => `ext_msg_hash=${encodeURIComponent(t.external_hash)}`).join('&')}`)
    ).json();
    expect(traces.traces).toHaveLength(3);
    expect(traces.traces.some((t: any) => t.actions.length > 0)).toBe(true);
    validate('TracesResponse', traces);
    validate('Error', await (await service.get('/api/v3/transactionsByMasterchainBlock?seqno=x')).json());
    validate('Error', await (await service.get('/api/v3/pendingTraces')).json());
    validate('TransactionsResponse', await (await service.get('/api/v3/transactions?limit=50')).json());
    validate('Error', await (await service.get('/api/v3/transactions?sort=x')).json());
  });

  it('describes every route: each response matches the schema of its path and status', async () => {
    const tx = pending.traces[0].transactions[pending.traces[0].trace_id];
    const account = tx.account;
    for (const url of [
      `/api/v3/transactionsByMasterchainBlock?seqno=${tx.mc_block_seqno}`,
      `/api/v3/transactions?account=${account}`,
      `/api/v3/transactionsByMessage?msg_hash=${encodeURIComponent(tx.in_msg.hash)}`,
      `/api/v3/adjacentTransactions?hash=${encodeURIComponent(tx.hash)}`,
      `/api/v3/adjacentTransactions?hash=${'00'.repeat(32)}`,
      '/api/v3/messages?limit=100',
      '/api/v3/blocks?limit=100',
      '/api/v3/masterchainInfo',
      `/api/v3/masterchainBlockShards?seqno=${tx.mc_block_seqno}`,
      `/api/v3/masterchainBlockShardState?seqno=${tx.mc_block_seqno}`,
      `/api/v3/masterchainBlockShardState?seqno=1`,
      `/api/v3/addressBook?address=${account}&address=x`,
      `/api/v3/metadata?${Object.keys(pending.metadata)
        .map((a) => `address=${a}`)
        .join('&')}`,
      `/api/v3/pendingTraces?account=${account}`,
      `/api/v3/traces?account=${account}&include_actions=true`,
      `/api/v3/events?account=${account}`,
      `/api/v3/actions?trace_id=${encodeURIComponent(pending.traces[0].trace_id)}&include_transactions=true`,
      '/api/v3/actions?mc_seqno=7',
      `/api/v3/pendingTransactions?account=${account}`,
      `/api/v3/pendingTransactions?account=0:${'1'.repeat(64)}`,
      `/api/v3/pendingActions?ext_msg_hash=${encodeURIComponent(pending.traces[0].external_hash)}&include_transactions=true`,
      '/api/v3/messages?limit=x',
      `/api/v3/accountStates?address=${account}&address=${tx.in_msg.source ?? account}`,
      `/api/v3/accountStates?address=${account}&include_boc=false`,
      `/api/v3/walletStates?address=${account}&address=0:${'1'.repeat(64)}`,
      `/api/v3/addressInformation?address=${account}`,
      `/api/v3/account?address=0:${'1'.repeat(64)}`,
      '/api/v3/addressInformation',
      `/api/v3/walletInformation?address=${account}`,
      `/api/v3/wallet?address=0:${'1'.repeat(64)}`,
      `/api/v3/wallet?address=${account}&use_v2=true`,
      '/api/v3/topAccountsByBalance?limit=20',
    ]) {
      await validateRoute(url);
    }
  });

  it('is readable as a page', async () => {
    const page = await service.get('/api/v3/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('/api/v3/transactionsByMasterchainBlock');
    expect(html).toContain('/api/v3/pendingTraces');
    expect(html).toContain('/api/v3/transactions?');
  });

  it('rejects a response missing a spec field (the schemas are strict enough to fail)', async () => {
    const body = await (
      await service.get(`/api/v3/transactionsByMasterchainBlock?seqno=${pending.traces[0].transactions[pending.traces[0].trace_id].mc_block_seqno}`)
    ).json();
    delete body.transactions[0].in_msg.hash_norm;
    expect(() => validate('TransactionsResponse', body)).toThrow();
  });

  it('describes opcodes in action details in toncenter\'s "0x%08x" form', async () => {
    const body = await (await service.get(`/api/v3/pendingTraces?ext_msg_hash=${encodeURIComponent(pending.traces[0].external_hash)}`)).json();
    const [action] = body.traces[0].actions;
    action.details.opcode = '0x0f8a7ea5';
    validate('Action', action);
    action.details.opcode = 0x0f8a7ea5;
    expect(() => validate('Action', action)).toThrow();
  });
});
