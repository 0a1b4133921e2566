import type { TransactionRow } from '../data/rows';
import { TipBoundCache } from './tipBoundCache';

/** A page's transactions by key (hash and block), as the page-key cache keeps them. */
export type PageKeys = Pick<TransactionRow, 'hash' | 'mc_block_seqno'>[];

// A key's object and its hash's string (an estimate).
const KEY_BYTES = 120;

/** The transactions `/transactions` pages list, by request, as of the masterchain tip, in `maxBytes` (PAGE_KEY_CACHE_MB). */
export const pageKeyCache = (maxBytes: number) => new TipBoundCache<PageKeys>(maxBytes, (keys) => keys.length * KEY_BYTES);
