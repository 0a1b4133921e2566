/** Pages of lists under many parents, batched per tick (the NFT and jetton loaders use it). */
import DataLoader from 'dataloader';
import type { KeysetPage } from './sql';

export interface PageKey<G> {
  parent: string;
  /** What the parents' pages share besides the page (which list of theirs). */
  group: G;
  page: KeysetPage;
}

/**
 * Pages of lists under many parents: the loads of one tick that ask the same page of the same kind of list
 * share one statement (a lateral page per parent), so a list under every item of a page costs one statement.
 */
export function pagesLoader<G, R>(fetch: (group: G, parents: readonly string[], page: KeysetPage) => Promise<R[][]>, options: { maxBatchSize: number }) {
  return new DataLoader(
    async (keys: readonly PageKey<G>[]) => {
      const groups = new Map<string, number[]>();
      keys.forEach((k, i) => {
        const group = JSON.stringify([k.group, k.page]);
        groups.set(group, [...(groups.get(group) ?? []), i]);
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
