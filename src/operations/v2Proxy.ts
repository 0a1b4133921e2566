/**
 * The operations TON Center forwards to a TON HTTP API v2 endpoint (ton-http-api, TON_API_V2_URL): `message`,
 * `runGetMethod`, `estimateFee` (POST, a JSON body each) and the `use_v2=true` paths of `addressInformation` and
 * `walletInformation`. Each request body is checked here (422 naming the field, before anything is sent), the
 * call goes through `services.tonApiV2` (501 when unset, 502/504 on upstream failure) and the result comes back
 * in TON Center's v3 shape (wire/v2.ts).
 */
import type { RequestContext } from '../context';
import { parseAddress } from '../encoding/address';
import { badInput } from '../errors';
import { printable } from '../params/checks';
import { notConfigured } from '../upstream/tonApiV2';
import {
  toAddressInformation,
  toEstimatedFees,
  toRunGetMethodResult,
  toSentMessage,
  toWalletInformation,
  type V3AddressInformation,
  type V3WalletInformation,
} from '../wire/v2';

/** A forwarded call's limits from the request: its client's `x_timeout` (it can only lower TON_API_V2_TIMEOUT_MS). */
export interface ForwardSettings {
  timeoutMs?: number;
}

type Json = unknown;

const kind = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/** The JSON body as an object holding only `fields` (a misspelled field is refused, never ignored). */
function jsonObject(bytes: Buffer, fields: readonly string[]): Record<string, Json> {
  let v: Json;
  try {
    v = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw badInput(`invalid JSON body: ${(e as Error).message}`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw badInput(`the JSON body must be an object with ${fields.map((f) => `"${f}"`).join(', ')}; got ${kind(v)}`);
  for (const key of Object.keys(v)) {
    if (!fields.includes(key)) throw badInput(`unknown field "${printable(key)}" in the JSON body; accepted: ${fields.join(', ')}`);
  }
  return v as Record<string, Json>;
}

/** A string field: required (with what it is) or `''` when absent or null. */
function stringField(o: Record<string, Json>, key: string, required?: string): string {
  const v = o[key];
  if (v === undefined || v === null || v === '') {
    if (required) throw badInput(`field "${key}" is required: ${required}`);
    return '';
  }
  if (typeof v !== 'string') throw badInput(`field "${key}" must be a string, got ${kind(v)}`);
  return v;
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** A BOC field: base64 or base64url text (ton-http-api reads it; a typo in the alphabet is refused here). */
function bocField(o: Record<string, Json>, key: string, required?: string): string {
  const v = stringField(o, key, required);
  if (v !== '' && !BASE64.test(v)) throw badInput(`field "${key}" must be a BOC in base64`);
  return v;
}

/** An address field, any form a client may send, forwarded in its raw form. */
function addressField(o: Record<string, Json>, key: string): string {
  const v = stringField(o, key, 'the account address, raw or user-friendly');
  const raw = parseAddress(v);
  if (raw === undefined) throw badInput(`field "${key}" must be an address (raw or user-friendly), got "${printable(v)}"`);
  return raw;
}

// message

export interface SendMessageRequest {
  boc: string;
}

/** `POST /api/v3/message` body `{"boc": "<base64 BOC of an external message>"}`. */
export function sendMessageRequest(bytes: Buffer): SendMessageRequest {
  const o = jsonObject(bytes, ['boc']);
  return { boc: bocField(o, 'boc', 'the external message, a BOC in base64') };
}

/** Sends the message through ton-http-api's `sendBocReturnHash`: its hash and normalized hash. */
export async function sendMessage(ctx: RequestContext, request: SendMessageRequest, settings: ForwardSettings = {}) {
  return toSentMessage(await forward(ctx, 'sendBocReturnHash', { body: { boc: request.boc } }, settings));
}

// runGetMethod

/** Stack entries a request may pass (get-methods take a few arguments; TVM's own bound is far larger). */
export const MAX_STACK_ENTRIES = 256;

/** How each v3 stack type is named to ton-http-api. */
const STACK_TYPES: Record<string, string> = { num: 'num', cell: 'tvm.Cell', slice: 'tvm.Slice' };

export interface RunGetMethodRequest {
  address: string;
  method: string;
  /** `[type, value]` pairs in ton-http-api's names. */
  stack: [string, string | number][];
}

function stackArgument(entry: Json, i: number): [string, string | number] {
  const where = `stack entry ${i}`;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw badInput(`${where} must be an object {"type", "value"}, got ${kind(entry)}`);
  const o = entry as Record<string, Json>;
  for (const key of Object.keys(o)) if (key !== 'type' && key !== 'value') throw badInput(`${where}: unknown field "${printable(key)}"; accepted: type, value`);
  const type = o.type;
  if (typeof type !== 'string' || !(type in STACK_TYPES)) {
    throw badInput(`${where}: unsupported stack parameter type ${typeof type === 'string' ? `"${printable(type)}"` : kind(type)}; accepted: num, cell, slice`);
  }
  const value = o.value;
  if (type === 'num') {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) throw badInput(`${where}: a number beyond 2^53 loses digits in JSON; send it as a string ("0x…" or decimal)`);
      return ['num', value];
    }
    if (typeof value !== 'string' || !/^-?(0x[0-9a-fA-F]{1,80}|\d{1,100})$/.test(value)) {
      throw badInput(`${where}: a num value must be an integer, "0x…" hex or a decimal string`);
    }
    return ['num', value];
  }
  if (typeof value !== 'string' || value === '' || !BASE64.test(value)) throw badInput(`${where}: a ${type} value must be a BOC in base64`);
  return [STACK_TYPES[type], value];
}

/** `POST /api/v3/runGetMethod` body `{"address", "method", "stack": [{"type": "num"|"cell"|"slice", "value"}]}`. */
export function runGetMethodRequest(bytes: Buffer): RunGetMethodRequest {
  const o = jsonObject(bytes, ['address', 'method', 'stack']);
  const address = addressField(o, 'address');
  const method = stringField(o, 'method', 'the get-method name, such as "seqno"');
  const stack = o.stack ?? [];
  if (!Array.isArray(stack)) throw badInput(`field "stack" must be a list of {"type", "value"}, got ${kind(stack)}`);
  if (stack.length > MAX_STACK_ENTRIES) throw badInput(`field "stack" holds ${stack.length} entries; at most ${MAX_STACK_ENTRIES} are accepted`);
  return { address, method, stack: stack.map(stackArgument) };
}

/** Runs the get-method through ton-http-api: `{gas_used, exit_code, stack}`, numbers as `0x` hex, tuples nested. */
export async function runGetMethod(ctx: RequestContext, request: RunGetMethodRequest, settings: ForwardSettings = {}) {
  const body = { address: request.address, method: request.method, stack: request.stack };
  return toRunGetMethodResult(await forward(ctx, 'runGetMethod', { body }, settings));
}

// estimateFee

export interface EstimateFeeRequest {
  address: string;
  body: string;
  init_code: string;
  init_data: string;
  ignore_chksig: boolean;
}

/** `POST /api/v3/estimateFee` body `{address, body, init_code, init_data, ignore_chksig}`; absent ones `""` and false, as TON Center sends them. */
export function estimateFeeRequest(bytes: Buffer): EstimateFeeRequest {
  const o = jsonObject(bytes, ['address', 'body', 'init_code', 'init_data', 'ignore_chksig']);
  const ignore = o.ignore_chksig ?? false;
  if (typeof ignore !== 'boolean') throw badInput(`field "ignore_chksig" must be true or false, got ${kind(ignore)}`);
  return {
    address: addressField(o, 'address'),
    body: bocField(o, 'body'),
    init_code: bocField(o, 'init_code'),
    init_data: bocField(o, 'init_data'),
    ignore_chksig: ignore,
  };
}

/** Estimates the fees through ton-http-api: `{source_fees, destination_fees}`. */
export async function estimateFee(ctx: RequestContext, request: EstimateFeeRequest, settings: ForwardSettings = {}) {
  return toEstimatedFees(await forward(ctx, 'estimateFee', { body: request }, settings));
}

// addressInformation and walletInformation with use_v2=true

/**
 * `addressInformation?use_v2=true`: ton-http-api's `getAddressInformation` for a raw address, as §3.3's object
 * (`frozen_hash` filled, `status` the upstream `state`, such as `uninitialized`).
 */
export async function addressInformationV2(ctx: RequestContext, address: string, settings: ForwardSettings = {}): Promise<V3AddressInformation> {
  return toAddressInformation(await forward(ctx, 'getAddressInformation', { query: { address } }, settings));
}

/**
 * `walletInformation?use_v2=true`: ton-http-api's `getWalletInformation` for a raw address, as §3.4's object;
 * throws 409 `not a wallet` when the account is neither a wallet nor uninitialized.
 */
export async function walletInformationV2(ctx: RequestContext, address: string, settings: ForwardSettings = {}): Promise<V3WalletInformation> {
  return toWalletInformation(await forward(ctx, 'getWalletInformation', { query: { address } }, settings));
}

function forward(ctx: RequestContext, method: string, call: { query?: Record<string, string>; body?: unknown }, settings: ForwardSettings) {
  const upstream = ctx.services.tonApiV2;
  if (!upstream) throw notConfigured();
  return upstream.call(method, { ...call, signal: ctx.signal, timeoutMs: settings.timeoutMs });
}
