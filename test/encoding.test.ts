import { describe, expect, it } from 'vitest';
import { friendlyFlags, parseAddress, toFriendlyAddress } from '../src/encoding/address';
import { parseHash } from '../src/encoding/hash';
import { opcodeToHex, opcodeToUnsigned, parseOpcode, parseShard } from '../src/encoding/numbers';

const RAW = '0:00194AAD8E422BEDF43FEE746D6D929D369DBAB25468A69D513706EA6978B63A';

describe('addresses', () => {
  it('parses raw addresses in any case into uppercase raw', () => {
    expect(parseAddress(RAW.toLowerCase())).toBe(RAW);
    expect(parseAddress('-1:' + '5'.repeat(64))).toBe('-1:' + '5'.repeat(64));
  });

  it('parses user-friendly forms with any flags, base64 and base64url', () => {
    // the same account, testnet bounceable, as toncenter's address book shows it
    expect(parseAddress('kQAAGUqtjkIr7fQ_7nRtbZKdNp26slRopp1RNwbqaXi2OnXH')).toBe(RAW);
    expect(parseAddress('kQAAGUqtjkIr7fQ/7nRtbZKdNp26slRopp1RNwbqaXi2OnXH')).toBe(RAW);
    expect(parseAddress(toFriendlyAddress(RAW, false, 'mainnet')!)).toBe(RAW);
  });

  it('rejects what is not an address', () => {
    for (const bad of ['', 'garbage', '0:12', '0:' + 'g'.repeat(64), 'kQAAGUqtjkIr7fQ_7nRtbZKdNp26slRopp1RNwbqaXi2OnXX']) {
      expect(parseAddress(bad)).toBeUndefined();
    }
  });

  it('accepts raw workchains of int8 only (addr_std), rejecting the rest', () => {
    expect(parseAddress('-128:' + 'a'.repeat(64))).toBe('-128:' + 'A'.repeat(64));
    expect(parseAddress('127:' + 'a'.repeat(64))).toBe('127:' + 'A'.repeat(64));
    for (const workchain of ['-129', '128', '4294967296', '-2147483649']) expect(parseAddress(`${workchain}:${'a'.repeat(64)}`), workchain).toBeUndefined();
  });

  it('formats bounceable and non-bounceable, mainnet and testnet', () => {
    expect(toFriendlyAddress(RAW, true, 'testnet')).toBe('kQAAGUqtjkIr7fQ_7nRtbZKdNp26slRopp1RNwbqaXi2OnXH');
    expect(toFriendlyAddress('0:E1E633EB701B118B44297716CEE7069EE847B56DB88C497EFEA681ED14B2D2C7', false, 'testnet')).toBe(
      '0QDh5jPrcBsRi0QpdxbO5wae6Ee1bbiMSX7-poHtFLLSx83N',
    );
    expect(toFriendlyAddress('0:52D75E0584730001239D4CD8C73D651B206EAC67DB551535B6B6D505E6D41C77', true, 'mainnet')).toBe(
      'EQBS114FhHMAASOdTNjHPWUbIG6sZ9tVFTW2ttUF5tQcd-kx',
    );
    expect(friendlyFlags('UQAcIgGCPm2uVfrdCMrSeEXHcmfEYtgbBiD-Zk3uKLuONNKi')).toEqual({ bounceable: false, testOnly: false });
  });
});

describe('hashes', () => {
  const b64 = 'RwUVL9in7fSCxZmVThP0eKM8Qvh3fJpVZQTPxU1mD8I=';
  const hex = Buffer.from(b64, 'base64').toString('hex');

  it('accepts hex, 0x-hex, base64 and base64url, padded or not, and returns padded standard base64', () => {
    for (const form of [b64, b64.slice(0, 43), hex, hex.toUpperCase(), `0x${hex}`, b64.replace(/\+/g, '-').replace(/\//g, '_')]) {
      expect(parseHash(form)).toBe(b64);
    }
  });

  it('rejects other lengths and alphabets', () => {
    for (const bad of ['', 'abcd', hex.slice(2), `${b64}=`, b64.replace('R', '*'), `0x${hex}00`]) expect(parseHash(bad)).toBeUndefined();
  });
});

describe('shards and opcodes', () => {
  it('reads toncenter hex shards as signed 64-bit decimals', () => {
    expect(parseShard('8000000000000000')).toBe('-9223372036854775808');
    expect(parseShard('A000000000000000')).toBe('-6917529027641081856');
    expect(parseShard('2000000000000000')).toBe('2305843009213693952');
    expect(parseShard('-9223372036854775808')).toBe('-9223372036854775808');
    expect(parseShard('9223372036854775808')).toBeUndefined();
  });

  it('maps opcodes between toncenter hex, stored int32 and the unsigned wire integer', () => {
    expect(parseOpcode('0x0f8a7ea5')).toBe(260734629);
    expect(parseOpcode('0xffffffff')).toBe(-1);
    expect(opcodeToUnsigned(-1)).toBe(4294967295);
    expect(opcodeToUnsigned(parseOpcode('0x8000000d')!)).toBe(0x8000000d);
    expect(opcodeToUnsigned(null)).toBeNull();
    expect([0, 0x0f8a7ea5, -1, parseOpcode('0xA0AC85A6')!].map(opcodeToHex)).toEqual(['0x00000000', '0x0f8a7ea5', '0xffffffff', '0xa0ac85a6']);
    expect(parseOpcode('0x123456789')).toBeUndefined();
  });
});
