import type { RequestContext } from '../context';
import { toWireAddressBookEntry, type WireAddressBookEntry } from '../wire/addressBook';
import { toWireMessage } from '../wire/message';
import { toWireAccountState, toWireTransaction, type WireTransaction } from '../wire/transaction';
import { sortOutMessages } from './messages';
import type { TransactionRow } from './rows';

/**
 * Completes transaction rows with their messages and account states. Both lookups are batched and run
 * concurrently, so a page costs two statements whatever its size.
 */
export async function completeTransactions(ctx: RequestContext, rows: TransactionRow[]): Promise<WireTransaction[]> {
  const stateHashes = new Set<string>();
  for (const t of rows) {
    if (t.account_state_hash_before !== null) stateHashes.add(t.account_state_hash_before);
    if (t.account_state_hash_after !== null) stateHashes.add(t.account_state_hash_after);
  }
  const [messageLists] = await Promise.all([
    ctx.loaders.messagesByTransaction.loadMany(rows.map((t) => t.hash)),
    ctx.loaders.accountState.loadMany([...stateHashes]),
  ]);
  const states = ctx.loaders.accountState;
  return Promise.all(
    rows.map(async (t, i) => {
      const list = messageLists[i];
      if (list instanceof Error) throw list;
      const inRow = list.find((m) => m.direction === 'in') ?? null;
      const outRows = sortOutMessages(list.filter((m) => m.direction === 'out'));
      const [before, after] = await Promise.all([
        t.account_state_hash_before === null ? null : states.load(t.account_state_hash_before),
        t.account_state_hash_after === null ? null : states.load(t.account_state_hash_after),
      ]);
      return toWireTransaction(t, {
        inMsg: inRow && toWireMessage(inRow),
        outMsgs: outRows.map(toWireMessage),
        before: toWireAccountState(t.account_state_hash_before, before),
        after: toWireAccountState(t.account_state_hash_after, after),
      });
    }),
  );
}

/** Addresses toncenter puts in a transactions response's address book: accounts, in-message sources, out-message destinations. */
export function addressesOf(transactions: WireTransaction[]): string[] {
  const set = new Set<string>();
  for (const t of transactions) {
    set.add(t.account);
    if (t.in_msg?.source) set.add(t.in_msg.source);
    for (const m of t.out_msgs) if (m.destination) set.add(m.destination);
  }
  return [...set];
}

/** The address book for a set of raw addresses, keys sorted so the response is byte-stable. */
export async function addressBook(ctx: RequestContext, addresses: string[]): Promise<Record<string, WireAddressBookEntry>> {
  const sorted = [...addresses].sort();
  const infos = await ctx.loaders.addressInfo.loadMany(sorted);
  const book: Record<string, WireAddressBookEntry> = {};
  sorted.forEach((address, i) => {
    const info = infos[i];
    if (info instanceof Error) throw info;
    book[address] = toWireAddressBookEntry(info, ctx.services.network);
  });
  return book;
}
