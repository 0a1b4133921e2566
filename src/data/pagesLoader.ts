/** Pages of lists under many parents, batched per tick (a block's transactions, NFT, jetton and contract navigation). */
import DataLoader from 'dataloader';
import type { KeysetPage } from './sql';

export interface PageKey<G, P = string> {
  /** Whose list (an address, a block). */
  parent: P;
  /** What the parents' pages share besides the page (which list of theirs). */
  group: G;
  page: KeysetPage;
}

/**
 * Pages of lists under many parents: the loads of one tick that ask the same page of the same kind of list
 * share one statement (a page per parent), so a list under every item of a page costs one statement.
 */
export function pagesLoader<G, R, P = string>(fetch: (group: G, parents: readonly P[], page: KeysetPage) => Promise<R[][]>, options: { maxBatchSize: number }) {
  return new DataLoader(
    async (keys: readonly PageKey<G, P>[]) => {
      const groups = new Map<string, number[]>();
      keys.forEach((k, i) => {
        const group = JSON.stringify([k.group, k.page]);
        const members = groups.get(group);
        if (members) members.push(i);
        else groups.set(group, [i]);
      });
      const out: R[][] = [];
      await Promise.all(
        [...groups.values()].map(async (members) => {
          const { group, page } = keys[members[0]];
          const lists = await fetch(
            group,
            members.map((i) => keys[i].parent),
            page,
          );
          members.forEach((i, j) => (out[i] = lists[j]));
        }),
      );
      return out;
    },
    { ...options, cacheKeyFn: (k) => JSON.stringify([k.parent, k.group, k.page]) },
  );
}
