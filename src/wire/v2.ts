/**
 * TON HTTP API v2 results (ton-http-api's JSON) in the v3 shapes TON Center answers with when it forwards a
 * request (`message`, `runGetMethod`, `estimateFee`, `addressInformation` and `walletInformation` with
 * `use_v2=true`). Anything that is not the shape ton-http-api answers is a 502 naming what was wrong, never a crash.
 */
import { ApiError } from '../errors';
import { badGateway, UPSTREAM } from '../upstream/tonApiV2';

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

const odd = (method: string, what: string) => badGateway(`${UPSTREAM} answered ${method} with an unexpected result: ${what}`);

/** The result object of `method`, else 502. */
function resultObject(method: string, result: Json): Record<string, Json> {
  if (!isObject(result)) throw odd(method, 'the result is not an object');
  return result;
}

/** A string member, `''` when absent or null; 502 for another type. */
function text(method: string, o: Record<string, Json>, key: string): string {
  const v = o[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw odd(method, `"${key}" is not a string`);
  return v;
}

/** An integer member given as a JSON number (exact only up to 2^53) or a decimal string, as its decimal text. */
function decimal(method: string, o: Record<string, Json>, key: string): string {
  const v = o[key];
  if (typeof v === 'string' && /^-?\d{1,80}$/.test(v)) return BigInt(v).toString();
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  throw odd(method, `"${key}" is not an integer`);
}

/** `{lt, hash}` of `last_transaction_id`, empty strings when absent. */
function lastTransaction(method: string, o: Record<string, Json>): { lt: string; hash: string } {
  const id = o.last_transaction_id;
  if (id === undefined || id === null) return { lt: '', hash: '' };
  if (!isObject(id)) throw odd(method, '"last_transaction_id" is not an object');
  return { lt: text(method, id, 'lt'), hash: text(method, id, 'hash') };
}

const orNull = (s: string) => (s === '' ? null : s);

/** `sendBocReturnHash` → `{message_hash, message_hash_norm}` (the second only when the upstream gives it). */
export function toSentMessage(result: Json): { message_hash: string; message_hash_norm?: string } {
  const o = resultObject('sendBocReturnHash', result);
  const hash = text('sendBocReturnHash', o, 'hash');
  if (hash === '') throw odd('sendBocReturnHash', 'no "hash"');
  const norm = o.hash_norm === undefined ? undefined : text('sendBocReturnHash', o, 'hash_norm');
  return norm === undefined ? { message_hash: hash } : { message_hash: hash, message_hash_norm: norm };
}

export interface V3AddressInformation {
  balance: string;
  code: string | null;
  data: string | null;
  last_transaction_lt: string | null;
  last_transaction_hash: string | null;
  frozen_hash: string | null;
  status: string;
}

/** `getAddressInformation` → §3.3's object: empty strings become null, `frozen_hash` kept, `status` is the upstream `state`. */
export function toAddressInformation(result: Json): V3AddressInformation {
  const m = 'getAddressInformation';
  const o = resultObject(m, result);
  const last = lastTransaction(m, o);
  const status = text(m, o, 'state');
  if (status === '') throw odd(m, 'no "state"');
  return {
    balance: decimal(m, o, 'balance'),
    code: orNull(text(m, o, 'code')),
    data: orNull(text(m, o, 'data')),
    last_transaction_lt: orNull(last.lt),
    last_transaction_hash: orNull(last.hash),
    frozen_hash: orNull(text(m, o, 'frozen_hash')),
    status,
  };
}

export interface V3WalletInformation {
  balance: string;
  wallet_type?: string;
  seqno?: number;
  wallet_id?: number;
  last_transaction_lt: string;
  last_transaction_hash: string;
  status: string;
}

/** A JSON integer member as a number, undefined when absent or null. */
function optInteger(method: string, o: Record<string, Json>, key: string): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw odd(method, `"${key}" is not an integer`);
  return v;
}

/**
 * `getWalletInformation` → §3.4's object, keys in TON Center's order (the wallet fields only when the upstream
 * has them); 409 `not a wallet` when the upstream says it is none and the account is not uninitialized.
 */
export function toWalletInformation(result: Json): V3WalletInformation {
  const m = 'getWalletInformation';
  const o = resultObject(m, result);
  const status = text(m, o, 'account_state');
  if (status === '') throw odd(m, 'no "account_state"');
  if (o.wallet !== true && status !== 'uninitialized') throw new ApiError(409, 'not a wallet', 'CONFLICT');
  const walletType = text(m, o, 'wallet_type');
  const seqno = optInteger(m, o, 'seqno');
  const walletId = optInteger(m, o, 'wallet_id');
  const last = lastTransaction(m, o);
  return {
    balance: decimal(m, o, 'balance'),
    ...(walletType === '' ? {} : { wallet_type: walletType }),
    ...(seqno === undefined ? {} : { seqno }),
    ...(walletId === undefined ? {} : { wallet_id: walletId }),
    last_transaction_lt: last.lt,
    last_transaction_hash: last.hash,
    status,
  };
}

export interface V3StackEntry {
  type: 'num' | 'cell' | 'slice' | 'tuple' | 'list';
  value: string | V3StackEntry[];
}

/** Tuples nested deeper than this are refused (a TVM tuple holds at most 255 entries, nesting is not bounded). */
export const MAX_STACK_DEPTH = 64;

/** An integer as Go's `%#x` prints a big.Int: `0x1a`, `-0x1a`, `0x0`. */
export function hexNumber(v: bigint): string {
  return v < 0n ? `-0x${(-v).toString(16)}` : `0x${v.toString(16)}`;
}

/** A number entry's value: `0x…` hex (either sign) or a decimal, as a string or a safe JSON integer. */
function stackNumber(v: Json): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string') {
    const m = /^(-?)(0x[0-9a-fA-F]{1,80}|\d{1,100})$/.exec(v);
    if (m) return m[1] === '-' ? -BigInt(m[2]) : BigInt(m[2]);
  }
  throw odd('runGetMethod', `a number entry holds ${JSON.stringify(v)?.slice(0, 40)}`);
}

function bytesOf(holder: Json, what: string): string {
  if (!isObject(holder) || typeof holder.bytes !== 'string') throw odd('runGetMethod', `a ${what} entry has no "bytes"`);
  return holder.bytes;
}

function elementsOf(holder: Json, what: string, depth: number): V3StackEntry[] {
  if (!isObject(holder) || !Array.isArray(holder.elements)) throw odd('runGetMethod', `a ${what} entry has no "elements"`);
  if (depth >= MAX_STACK_DEPTH) throw odd('runGetMethod', `tuples nested deeper than ${MAX_STACK_DEPTH}`);
  return holder.elements.map((e) => stackEntry(e, depth + 1));
}

/**
 * One entry of ton-http-api's stack in TON Center's v3 form `{type, value}`: numbers as `0x` hex, cells and
 * slices as their base64 BOC, tuples and lists nested. ton-http-api writes top-level entries as `[type, value]`
 * pairs and the elements of tuples and lists as tonlib objects (`tvm.stackEntryNumber`, …); both are read.
 */
export function stackEntry(entry: Json, depth = 0): V3StackEntry {
  if (Array.isArray(entry)) {
    const [type, value] = entry;
    switch (type) {
      case 'num':
        return { type: 'num', value: hexNumber(stackNumber(value)) };
      case 'cell':
      case 'slice':
        return { type, value: bytesOf(value, type) };
      case 'tuple':
      case 'list':
        return { type, value: elementsOf(value, type, depth) };
    }
    throw odd('runGetMethod', `unsupported stack entry type ${JSON.stringify(type)?.slice(0, 40)}`);
  }
  if (isObject(entry)) {
    switch (entry['@type']) {
      case 'tvm.stackEntryNumber': {
        const number = entry.number;
        if (!isObject(number)) throw odd('runGetMethod', 'a tvm.stackEntryNumber has no "number"');
        return { type: 'num', value: hexNumber(stackNumber(number.number)) };
      }
      case 'tvm.stackEntryCell':
        return { type: 'cell', value: bytesOf(entry.cell, 'cell') };
      case 'tvm.stackEntrySlice':
        return { type: 'slice', value: bytesOf(entry.slice, 'slice') };
      case 'tvm.stackEntryTuple':
        return { type: 'tuple', value: elementsOf(entry.tuple, 'tuple', depth) };
      case 'tvm.stackEntryList':
        return { type: 'list', value: elementsOf(entry.list, 'list', depth) };
    }
    throw odd('runGetMethod', `unsupported stack entry type ${JSON.stringify(entry['@type'])?.slice(0, 40)}`);
  }
  throw odd('runGetMethod', 'a stack entry is neither a pair nor an object');
}

export interface V3RunGetMethodResult {
  gas_used: number;
  exit_code: number;
  stack: V3StackEntry[];
}

/** `runGetMethod` → `{gas_used, exit_code, stack}`; a non-zero exit code is a result like any other. */
export function toRunGetMethodResult(result: Json): V3RunGetMethodResult {
  const m = 'runGetMethod';
  const o = resultObject(m, result);
  const gas = optInteger(m, o, 'gas_used');
  const exit = optInteger(m, o, 'exit_code');
  if (gas === undefined) throw odd(m, 'no "gas_used"');
  if (exit === undefined) throw odd(m, 'no "exit_code"');
  if (!Array.isArray(o.stack)) throw odd(m, '"stack" is not a list');
  return { gas_used: gas, exit_code: exit, stack: o.stack.map((e) => stackEntry(e)) };
}

export interface V3Fees {
  in_fwd_fee: number;
  storage_fee: number;
  gas_fee: number;
  fwd_fee: number;
}

function fees(v: Json): V3Fees {
  const m = 'estimateFee';
  if (v === undefined || v === null) return { in_fwd_fee: 0, storage_fee: 0, gas_fee: 0, fwd_fee: 0 };
  if (!isObject(v)) throw odd(m, 'fees that are not an object');
  const fee = (key: string) => {
    const n = optInteger(m, v, key) ?? 0;
    if (n < 0) throw odd(m, `a negative "${key}"`);
    return n;
  };
  return { in_fwd_fee: fee('in_fwd_fee'), storage_fee: fee('storage_fee'), gas_fee: fee('gas_fee'), fwd_fee: fee('fwd_fee') };
}

/** `estimateFee` → `{source_fees, destination_fees}`, the four fees of each as numbers (absent ones 0, as TON Center's struct). */
export function toEstimatedFees(result: Json): { source_fees: V3Fees; destination_fees: V3Fees[] | null } {
  const o = resultObject('estimateFee', result);
  const destination = o.destination_fees;
  if (destination !== undefined && destination !== null && !Array.isArray(destination)) throw odd('estimateFee', '"destination_fees" is not a list');
  return { source_fees: fees(o.source_fees), destination_fees: destination ? destination.map(fees) : null };
}
