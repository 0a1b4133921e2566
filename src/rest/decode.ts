import type { RequestContext } from '../context';
import { type DecodeItem, sortedGoJson } from '../decode/index.js';
import { badInput } from '../errors';
import { quoteGo } from '../decode/json.js';
import { type DecodeRequest, runDecode } from '../operations/decode';
import type { ParamSource } from '../params/spec';

/**
 * `/api/v3/decode` on the wire as TON Center's Go handler writes it: `{"opcodes":[…],"bodies":[…]}`, each decoded
 * body re-encoded from a Go map (keys sorted at every level, Go's string escaping, no legacy comment rewrite).
 */
function item(it: DecodeItem): string {
  if ('json' in it) {
    try {
      return sortedGoJson(it.json);
    } catch {
      return `{"failed_to_decode_json":${quoteGo(it.json)}}`;
    }
  }
  if ('error' in it) return `{"error":${quoteGo(it.error)}}`;
  return `{"failed_to_decode_json":${quoteGo(it.invalidJson)}}`;
}

export async function getDecode(ctx: RequestContext, request: DecodeRequest) {
  const { opcodes, bodies } = await runDecode(request, ctx.signal);
  const payload = `{"opcodes":[${opcodes.map(quoteGo).join(',')}],"bodies":[${bodies.map(item).join(',')}]}`;
  return { body: undefined, payload, immutable: false };
}

const goType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v);

/** A POST body `{"opcodes":[…],"bodies":[…]}` as a parameter source; 422 naming what is wrong with it. */
export function decodeBodySource(bytes: Buffer): ParamSource {
  let v: unknown;
  try {
    v = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw badInput(`invalid JSON body: ${(e as Error).message}`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw badInput(`the JSON body must be an object {"opcodes":[…],"bodies":[…]}, got ${goType(v)}`);
  const o = v as Record<string, unknown>;
  for (const [key, value] of Object.entries(o)) {
    if (key !== 'opcodes' && key !== 'bodies') continue;
    if (value === null) continue;
    if (!Array.isArray(value)) throw badInput(`json: cannot unmarshal ${goType(value)} into Go struct field DecodeRequest.${key} of type []string`);
    for (const x of value)
      if (typeof x !== 'string') throw badInput(`json: cannot unmarshal ${goType(x)} into Go struct field DecodeRequest.${key} of type string`);
  }
  const list = (key: string) => ((o[key] as string[] | null | undefined) ?? []).slice();
  return {
    name: (key) => key,
    single: () => undefined,
    list,
    values: list,
  };
}
