/** jetton/transfers: jetton transfers by owner, wallet, jetton and time; forward payloads carried inline read from the body. */
import type { RequestContext } from '../context';
import { windowsOf } from '../data/filters';
import { jettonTransfersPage, type JettonEventFilter, type JettonTransferRow } from '../data/jettons';
import type { SortedPage, SortOrder } from '../data/sql';
import { inlineForwardPayload } from '../encoding/forwardPayload';
import { badInput } from '../errors';
import { addresses, paging, SORT } from '../params/common';
import { parseParams, type ParamSource, type RouteParams } from '../params/spec';
import { TRANSFER_DIRECTION } from './nftTransfers';

/** The parameters jetton transfers and burns share (owners, wallets, jetton, windows, trace state, page). */
export const jettonEventParams = (what: string, owners: string) =>
  ({
    owner_address: addresses(`${what} of these owners (${owners})`),
    address: {
      kind: 'address',
      description: `TON Center's alias of owner_address: one owner address. Not together with owner_address (TON Center would ignore it).`,
    },
    jetton_wallet: addresses(`${what} of these jetton wallets`),
    jetton_master: { kind: 'address', description: `${what} of this jetton (its master).` },
    start_utime: { kind: 'utime', description: 'At or after this unix time; switches the order to time (then logical time).' },
    end_utime: { kind: 'utime', description: 'At or before this unix time; switches the order to time (then logical time).' },
    start_lt: { kind: 'lt', description: 'At or after this logical time.' },
    end_lt: { kind: 'lt', description: 'At or before this logical time.' },
    complete_traces_only: {
      kind: 'boolean',
      description: `True: only ${what.toLowerCase()} whose trace is complete, leaving out those of traces still pending, broken or not recorded. Not in TON Center, which lists them as soon as their transaction is indexed (the default here too).`,
    },
    ...paging(what, 100),
    sort: { ...SORT, description: 'By logical time (by time first when a time bound is given), ties broken by transaction hash in the same direction.' },
  }) as const;

export const JETTON_TRANSFERS = {
  params: {
    ...jettonEventParams('Transfers', 'the sender or the recipient, as direction says'),
    direction: {
      kind: 'enum',
      values: { in: 'Transfers the owners received.', out: 'Transfers the owners sent.', both: 'Either (the default).' },
      // the one GraphQL enum of both transfer routes, registered once
      graphqlEnum: TRANSFER_DIRECTION.graphqlEnum,
      description: 'Which side of the transfers the owners given (owner_address or address) are on; in or out need an owner.',
    },
  },
  atMostOne: [['owner_address', 'address']],
} as const satisfies RouteParams;

export interface JettonEventsRequest {
  filter: JettonEventFilter;
  page: SortedPage;
}

/** The filter and page of a transfers or burns request, its owners from owner_address or its alias. */
export function jettonEventsRequest(p: {
  owner_address: string[];
  address?: string;
  jetton_wallet: string[];
  jetton_master?: string;
  start_utime?: number;
  end_utime?: number;
  start_lt?: string;
  end_lt?: string;
  complete_traces_only?: boolean;
  limit: number;
  offset: number;
  sort: SortOrder;
}): JettonEventsRequest {
  return {
    filter: {
      owners: p.address === undefined ? p.owner_address : [p.address],
      wallets: p.jetton_wallet,
      master: p.jetton_master,
      ...windowsOf(p),
      completeTracesOnly: p.complete_traces_only ?? false,
    },
    page: { limit: p.limit, offset: p.offset, sort: p.sort },
  };
}

/** Shared by REST and GraphQL. TON Center reads any direction but `in` as `out`, and ignores one without owners: both refused here. */
export function jettonTransfersRequest(source: ParamSource): JettonEventsRequest {
  const p = parseParams(JETTON_TRANSFERS, source);
  const request = jettonEventsRequest(p);
  const direction = p.direction === 'both' ? undefined : p.direction;
  if (direction !== undefined && request.filter.owners.length === 0) {
    throw badInput(`parameter "${source.name('direction')}" (${direction}) needs "${source.name('owner_address')}" or "${source.name('address')}"`);
  }
  return { ...request, filter: { ...request.filter, direction } };
}

/** A transfer row, its forward payload read from the transfer's body when the indexer left it NULL (carried inline). */
export interface JettonTransfer extends JettonTransferRow {
  /** The forward payload comes from the in-message body, not from the table (an extension of TON Center). */
  forward_payload_inline: boolean;
}

/**
 * A transfer row with its forward payload: the table's, else (ton-indexer stores one only when it is carried in a
 * reference) the inline payload of its `transfer#0f8a7ea5` in-message body, when that body is given and holds one.
 */
export function withInlineForwardPayload(row: JettonTransferRow, inMessageBody: string | null | undefined): JettonTransfer {
  const inline = row.forward_payload !== null || !inMessageBody ? null : inlineForwardPayload(inMessageBody);
  return inline === null ? { ...row, forward_payload_inline: false } : { ...row, forward_payload: inline, forward_payload_inline: true };
}

/** A page of transfers; for the rows without a stored forward payload, the in-message bodies are read in one statement. */
export async function findJettonTransfers(ctx: RequestContext, request: JettonEventsRequest): Promise<JettonTransfer[]> {
  const rows = await jettonTransfersPage(ctx.db, request.filter, request.page);
  // through the loader GraphQL navigates with: one statement for the page's missing payloads
  const bodies = await Promise.all(rows.map((r) => (r.forward_payload === null ? ctx.loaders.jettons.inMessageBody.load(r.tx_hash) : null)));
  return rows.map((row, i) => withInlineForwardPayload(row, bodies[i]));
}
