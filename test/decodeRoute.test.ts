import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDecodeOpcode } from '../src/operations/decode';
import { fixturePath } from './helpers/fixtures';
import { emptyService } from './helpers/emptyService';

const pairs: { body: string; decoded: unknown }[] = JSON.parse(readFileSync(fixturePath('decoded/decoded_bodies_mainnet_2025-11_to_2026-05.json'), 'utf8'));

/** A value with every object's keys sorted, as Go's map re-encoding gives it. */
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;

/** The top-level legacy comment as the library gave it, before TON Center's Go rewrote it for message_content. */
const plain = (v: unknown): unknown => {
  const o = v as Record<string, unknown> | null;
  return o && o['@type'] === 'text_comment' && 'comment' in o ? { '@type': 'text_comment', text: o.comment } : v;
};

const EXAMPLE_QUERY = 'opcodes=0x7362d09c&opcodes=260734629&opcodes=deadbeef&bodies=te6ccgEBAQEACwAAEgAAAABoZWxsbw%3D%3D&bodies=te6ccgEBAQEABgAACE0jhUM%3D';
const EXAMPLE_ANSWER =
  '{"opcodes":["jetton_notify","jetton_transfer","unknown"],"bodies":[{"@type":"text_comment","text":"hello"},{"error":"unknown: no parser succeeded"}]}';

describe('/api/v3/decode', () => {
  const service = emptyService();
  const post = (body: string) => service.get('/api/v3/decode', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  it("GET answers the reference's example byte for byte", async () => {
    const res = await service.get(`/api/v3/decode?${EXAMPLE_QUERY}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(EXAMPLE_ANSWER);
  });

  it('POST answers the same from a JSON body', async () => {
    const body = {
      opcodes: ['0x7362d09c', '260734629', 'deadbeef'],
      bodies: ['te6ccgEBAQEACwAAEgAAAABoZWxsbw==', 'te6ccgEBAQEABgAACE0jhUM='],
    };
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(EXAMPLE_ANSWER);
  });

  it('both arrays are always present', async () => {
    expect(await (await service.get('/api/v3/decode')).text()).toBe('{"opcodes":[],"bodies":[]}');
    expect(await (await post('{}')).text()).toBe('{"opcodes":[],"bodies":[]}');
    expect(await (await post('{"opcodes":null}')).text()).toBe('{"opcodes":[],"bodies":[]}');
  });

  it('decodes the real bodies to the fixtures, keys sorted at every level, the top-level comment not rewritten', async () => {
    const res = await post(JSON.stringify({ bodies: pairs.map((p) => p.body) }));
    expect(res.status).toBe(200);
    const text = await res.text();
    const got = JSON.parse(text) as { opcodes: string[]; bodies: unknown[] };
    expect(got.opcodes).toEqual([]);
    expect(got.bodies).toHaveLength(pairs.length);
    pairs.forEach((p, i) => {
      if (p.decoded === null)
        expect((got.bodies[i] as Record<string, unknown>).error ?? (got.bodies[i] as Record<string, unknown>).failed_to_decode_json).toBeTypeOf('string');
      else {
        expect(got.bodies[i], `pair ${i}`).toEqual(plain(p.decoded));
        expect(JSON.stringify(got.bodies[i])).toBe(JSON.stringify(sorted(plain(p.decoded))));
      }
    });
    // the wire keeps Go's escaping of < > & (and writes nothing else differently from JSON.stringify on sorted values)
    expect(text).not.toMatch(/[<>&]/);
  });

  it('a garbage body is its own error; the others still decode', async () => {
    const res = await post(JSON.stringify({ bodies: ['zz', 'te6cc!!!', 'abc', 'te6ccgEBAQEAAgAAAA==', 'b5ee9c72410101010002000000', '00'] }));
    const got = (await res.json()) as { bodies: unknown[] };
    expect(got.bodies).toEqual([
      { error: 'unknown: failed to decode hex: Wrong hex string' },
      { error: 'unknown: failed to decode base64: Wrong character in the string' },
      { error: 'unknown: failed to decode hex: Wrong hex string length' },
      { '@type': 'empty_cell' },
      expect.objectContaining({}),
      expect.objectContaining({ error: expect.stringMatching(/^unknown: failed to deserialize boc: /) }),
    ]);
  });

  it('more than 1000 opcodes or bodies: 422 with TON Center words', async () => {
    const many = Array.from({ length: 1001 }, () => '1');
    let res = await post(JSON.stringify({ opcodes: many }));
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe('opcodes list exceeds maximum length of 1000');
    res = await post(JSON.stringify({ bodies: many }));
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe('bodies list exceeds maximum length of 1000');
    res = await service.get(`/api/v3/decode?${many.map((b) => `bodies=${b}`).join('&')}`);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe('bodies list exceeds maximum length of 1000');
    res = await post(JSON.stringify({ opcodes: many.slice(1), bodies: many.slice(1) }));
    expect(res.status).toBe(200);
  });

  it('a bad opcode fails the request naming its index, after the prefix', async () => {
    for (const [query, message] of [
      ['opcodes=0x10&opcodes=0xzz', 'invalid opcode format at index 1: zz'],
      ['opcodes=0X10', 'invalid opcode format at index 0: 0X10'],
      ['opcodes=1,2', 'invalid opcode format at index 0: 1,2'],
      ['opcodes=', 'invalid opcode format at index 0: '],
    ]) {
      const res = await service.get(`/api/v3/decode?${query}`);
      expect(res.status, query).toBe(422);
      expect((await res.json()).error).toBe(message);
    }
  });

  it('reads opcodes hex first, then unsigned and signed decimal', () => {
    expect(parseDecodeOpcode('10')).toBe(0x10);
    expect(parseDecodeOpcode('0x0f8a7ea5')).toBe(0x0f8a7ea5);
    expect(parseDecodeOpcode('260734629')).toBe(0x0f8a7ea5);
    expect(parseDecodeOpcode('-1')).toBe(0xffffffff);
    expect(parseDecodeOpcode('+5')).toBe(5);
    expect(parseDecodeOpcode('0000000000ffffffff')).toBe(0xffffffff);
    expect(parseDecodeOpcode('4294967296')).toBe(undefined);
    expect(parseDecodeOpcode('0X10')).toBe(undefined);
  });

  it('POST with a bad JSON body: 422 naming the problem', async () => {
    for (const body of ['{"opcodes":', '[1]', '{"opcodes":"a"}', '{"bodies":[1]}']) {
      const res = await post(body);
      expect(res.status, body).toBe(422);
      expect((await res.json()).error, body).toMatch(/JSON|unmarshal|object/);
    }
  });

  it('other methods are refused with the methods the route takes', async () => {
    const res = await service.get('/api/v3/decode', { method: 'PUT', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await service.get('/api/v3/transactions', { method: 'POST', body: '{}' })).status).toBe(405);
  });
});
