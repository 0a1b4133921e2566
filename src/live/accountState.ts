import { decode } from '@msgpack/msgpack';
import type { Redis } from 'ioredis';
import type { Finality } from '../traces/model';
import type { AccountStateEvent } from './events';

type Packed = unknown[] | Record<string, unknown>;

const STATE_ORDER = ['hash', 'timestamp', 'balance', 'account_status', 'frozen_hash', 'code_hash', 'data_hash', 'last_trans_hash', 'last_trans_lt'];
const WALLET_ORDER = ['balance', 'address', 'owner', 'jetton'];
/** The emulator's interface variants, by index; 0 is a jetton wallet. */
const JETTON_WALLET = 0;

/** A msgpack struct as a map: the emulator writes maps, older builds positional arrays (in `order`). */
const fields = (v: unknown, order: string[]): Record<string, unknown> =>
  Array.isArray(v) ? Object.fromEntries(order.map((k, i) => [k, v[i]])) : ((v ?? {}) as Record<string, unknown>);

/** A 32-byte hash (bin, or 64 hex characters in old builds) as standard base64. */
const hash = (v: unknown): string | null =>
  v instanceof Uint8Array
    ? Buffer.from(v).toString('base64')
    : typeof v === 'string' && /^[0-9a-fA-F]{64}$/.test(v)
      ? Buffer.from(v, 'hex').toString('base64')
      : null;
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Decodes the emulator's account hash fields (`lt`, `state`, `interfaces`) into an event. */
export function decodeAccountState(account: string, finality: Finality, hashFields: Record<string, Buffer>): AccountStateEvent | null {
  if (!hashFields.state) return null;
  const state = fields(decode(hashFields.state, { useBigInt64: true }), STATE_ORDER);
  const event: AccountStateEvent = {
    kind: 'accountState',
    account,
    finality,
    lt: hashFields.lt ? hashFields.lt.toString() : text(state.last_trans_lt),
    state: {
      hash: hash(state.hash),
      balance: text(state.balance),
      account_status: text(state.account_status),
      frozen_hash: hash(state.frozen_hash),
      data_hash: hash(state.data_hash),
      code_hash: hash(state.code_hash),
    },
  };
  const raw = hashFields.interfaces;
  if (raw && raw.length > 0) {
    const outer = decode(raw, { useBigInt64: true }) as Packed;
    const list = (Array.isArray(outer) ? outer[0] : outer.interfaces) as unknown[] | undefined;
    // the last jetton wallet entry wins, as in TON Center
    for (const entry of list ?? []) {
      if (!Array.isArray(entry) || Number(entry[0]) !== JETTON_WALLET) continue;
      const w = fields(entry[1], WALLET_ORDER);
      event.jetton = {
        address: text(w.address) ?? account,
        balance: text(w.balance),
        owner: text(w.owner),
        jetton: text(w.jetton),
        last_transaction_lt: event.lt,
        code_hash: event.state.code_hash,
        data_hash: event.state.data_hash,
      };
    }
  }
  return event;
}

/** Reads the key a `new_account_state` message names (`account_confirmed:<raw>` or `account_finalized:<raw>`). */
export async function readAccountState(redis: Redis, key: string): Promise<AccountStateEvent | null> {
  const colon = key.indexOf(':');
  const prefix = key.slice(0, colon);
  const account = key.slice(colon + 1);
  const finality: Finality | undefined = prefix === 'account_confirmed' ? 'confirmed' : prefix === 'account_finalized' ? 'finalized' : undefined;
  if (colon < 0 || !finality || account === '') return null;
  const found = (await redis.hgetallBuffer(key)) as Record<string, Buffer>;
  return Object.keys(found).length === 0 ? null : decodeAccountState(account, finality, found);
}
