import { deflatePart, type DeflatedPart } from '../encoding/gzipParts';
import { ByteBoundedCache } from '../memo';

/** A final trace as a `/traces` page writes it: its JSON as UTF-8, the addresses it puts in the address book, its gzip part once asked for. */
export interface CachedTrace {
  readonly json: Buffer;
  readonly addresses: readonly string[];
  readonly deflated?: DeflatedPart;
}

// A Buffer object, the entry and its addresses array, beyond the bytes themselves (an estimate).
const ENTRY_OVERHEAD = 200;

/** Compressions of entries under way. */
const deflating = new WeakMap<CachedTrace, Promise<DeflatedPart>>();

/**
 * The key of a trace as written one way (with no actions, or with those of these types, `typesKey`) while its
 * row says it is classified so (`classification_state`: the classifier fills a trace's actions after it completes,
 * and the row read for every page then names another entry).
 */
export const traceJsonKey = (traceId: string, classification: string | null, typesKey: string) => `${traceId}|${classification}|${typesKey}`;

/** The `typesKey` of a way of writing traces: without actions, or with those of these types. */
export const actionTypesKey = (actionTypes: ReadonlySet<string> | undefined) => (actionTypes ? [...actionTypes].sort().join(',') : '-');

/**
 * The shaped JSON of traces that can never change (complete, finalized by a masterchain block with a successor),
 * kept whole up to a byte budget, least recently used evicted first: a page of a busy account's traces (hundreds of
 * transactions each) then costs the page's statement and its address book, and with gzip only the compression of
 * what is not cached.
 */
export class TraceJsonCache extends ByteBoundedCache<CachedTrace> {
  constructor(maxBytes: number) {
    super(
      maxBytes,
      (v, key) => v.json.length + (v.deflated?.deflated.length ?? 0) + key.length + v.addresses.reduce((sum, a) => sum + a.length + 16, 0) + ENTRY_OVERHEAD,
    );
  }

  /**
   * The entry's JSON compressed as a gzip part, made once (requests arriving together share it); the entry that
   * holds it replaces the one cached, so its bytes count in the budget.
   */
  deflated(key: string, entry: CachedTrace): Promise<DeflatedPart> {
    if (entry.deflated) return Promise.resolve(entry.deflated);
    let pending = deflating.get(entry);
    if (!pending) {
      pending = deflatePart(entry.json).then(
        (part) => {
          if (this.lru?.peek(key) === entry) this.lru.set(key, { ...entry, deflated: part });
          return part;
        },
        (err) => {
          deflating.delete(entry);
          throw err;
        },
      );
      deflating.set(entry, pending);
    }
    return pending;
  }
}
