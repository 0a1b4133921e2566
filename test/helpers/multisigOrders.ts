// Multisig v2 order BOCs built with @ton/core, as a multisig's `new_order` carries them: a `HashmapE 8 ^OrderAction`.
import { Address, beginCell, type Cell, Dictionary, internal, storeMessageRelaxed } from '@ton/core';

export const SIGNER_A = Address.parseRaw(`0:${'A1'.repeat(32)}`);
export const SIGNER_B = Address.parseRaw(`0:${'B2'.repeat(32)}`);
export const SIGNER_C = Address.parseRaw(`-1:${'C3'.repeat(32)}`);
export const JETTON_WALLET = Address.parseRaw(`0:${'D4'.repeat(32)}`);
export const RECIPIENT = Address.parseRaw(`0:${'E5'.repeat(32)}`);
export const NFT_ITEM = Address.parseRaw(`0:${'F6'.repeat(32)}`);
export const MULTISIG = Address.parseRaw(`0:${'17'.repeat(32)}`);

export const raw = (a: Address) => `${a.workChain}:${a.hash.toString('hex').toUpperCase()}`;

export const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

/** A send_message action: mode and an internal message of `value` to `to` carrying `body`. */
export function sendMessage(to: Address, value: bigint, body: Cell, mode = 3): Cell {
  const message = beginCell()
    .store(storeMessageRelaxed(internal({ to, value, body, bounce: true })))
    .endCell();
  return beginCell().storeUint(0xf1381e5b, 32).storeUint(mode, 8).storeRef(message).endCell();
}

/** A jetton transfer with its forward payload inline (a text comment when given). */
export function jettonTransfer(opts: { queryId: bigint; amount: bigint; to: Address; response: Address; forwardTon: bigint; text?: string }): Cell {
  const b = beginCell()
    .storeUint(0x0f8a7ea5, 32)
    .storeUint(opts.queryId, 64)
    .storeCoins(opts.amount)
    .storeAddress(opts.to)
    .storeAddress(opts.response)
    .storeBit(false)
    .storeCoins(opts.forwardTon);
  if (opts.text === undefined) return b.storeBit(false).endCell();
  return b.storeBit(true).storeRef(comment(opts.text)).endCell();
}

export function nftTransfer(opts: { queryId: bigint; newOwner: Address; response: Address | null; forwardTon: bigint; forward?: Cell }): Cell {
  const b = beginCell()
    .storeUint(0x5fcc3d14, 32)
    .storeUint(opts.queryId, 64)
    .storeAddress(opts.newOwner)
    .storeAddress(opts.response)
    .storeBit(false)
    .storeCoins(opts.forwardTon);
  return opts.forward ? b.storeBit(true).storeRef(opts.forward).endCell() : b.storeBit(false).endCell();
}

const addressDict = (list: Address[]) => {
  const d = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Address());
  list.forEach((a, i) => d.set(i, a));
  return d;
};

/** update_multisig_params: threshold, signers (a Hashmap root in a ref), proposers (HashmapE). */
export function updateParams(threshold: number, signers: Address[], proposers: Address[]): Cell {
  const b = beginCell()
    .storeUint(0x1d0cfbd3, 32)
    .storeUint(threshold, 8)
    .storeRef(beginCell().storeDictDirect(addressDict(signers)).endCell());
  return b.storeDict(proposers.length === 0 ? null : addressDict(proposers)).endCell();
}

/** The order BOC (base64) of these actions under keys 0, 1, 2, … */
export function orderBoc(actions: Cell[]): string {
  const dict = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Cell());
  actions.forEach((a, i) => dict.set(i, a));
  return beginCell().storeDictDirect(dict).endCell().toBoc({ idx: false, crc32: true }).toString('base64');
}
