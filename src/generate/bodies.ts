import { Address, beginCell, type Cell } from '@ton/core';
import type { Random } from './random';

export interface Body {
  boc: string;
  hash: string;
  /** Stored form: signed int32, null below 32 bits. */
  opcode: number | null;
  kind: 'comment' | 'jetton' | 'empty' | 'external';
  comment?: string;
  /** A jetton transfer's fields, as the indexer reads them into jetton_transfers. */
  jetton?: { queryId: string; amount: string; destination: string; response: string };
}

function body(cell: Cell, kind: Body['kind'], comment?: string, jetton?: Body['jetton']): Body {
  const slice = cell.beginParse();
  return {
    boc: cell.toBoc({ idx: false, crc32: true }).toString('base64'),
    hash: cell.hash().toString('base64'),
    opcode: slice.remainingBits >= 32 ? slice.loadUint(32) | 0 : null,
    kind,
    comment,
    jetton,
  };
}

const raw = (a: Address) => `${a.workChain}:${a.hash.toString('hex').toUpperCase()}`;

/** A pool of real message bodies (text comments, jetton transfers, wallet externals) shared by generated messages. */
export function bodyPool(random: Random) {
  const address = (label: string) => Address.parseRaw(`0:${random.hex(label)}`);
  const comments = Array.from({ length: 256 }, (_, i) => {
    const text = i % 7 === 0 ? `Thanks for the coffee ☕ #${i}` : `payment #${i} for order ${random.int(1000, 99999)}`;
    return body(beginCell().storeUint(0, 32).storeStringTail(text).endCell(), 'comment', text);
  });
  const jettons = Array.from({ length: 256 }, (_, i) => {
    const queryId = BigInt(random.int(1, 2 ** 30)) * 4096n;
    const amount = BigInt(random.int(1, 10 ** 9)) * 1000n;
    const destination = address(`jetton dest ${i}`);
    const response = address(`jetton resp ${i}`);
    return body(
      beginCell()
        .storeUint(0x0f8a7ea5, 32)
        .storeUint(queryId, 64)
        .storeCoins(amount)
        .storeAddress(destination)
        .storeAddress(response)
        .storeBit(false)
        .storeCoins(1n)
        .storeBit(false)
        .endCell(),
      'jetton',
      undefined,
      { queryId: queryId.toString(), amount: amount.toString(), destination: raw(destination), response: raw(response) },
    );
  });
  const externals = Array.from({ length: 64 }, (_, i) =>
    body(
      beginCell()
        .storeBuffer(Buffer.from(random.hex(`signature ${i}`) + random.hex(`signature b ${i}`), 'hex'))
        .storeUint(698983191, 32)
        .storeUint(random.int(1, 2 ** 31), 32)
        .storeUint(i, 32)
        .endCell(),
      'external',
    ),
  );
  const empty = body(beginCell().endCell(), 'empty');
  return { comments, jettons, externals, empty, all: [...comments, ...jettons, ...externals, empty] };
}

export type BodyPool = ReturnType<typeof bodyPool>;
