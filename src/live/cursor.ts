/**
 * Where a live stream stands in the one log every instance shares: the database's finalized events, ordered by
 * the masterchain block that finalized them and, within a block, traces (by end lt, then trace id) before
 * jetton wallet changes (by lt, then address). An event id names that place, so any instance can resume from it.
 */
export interface Position {
  seqno: number;
  /** The place within the block: a logged event's ordinal, or END once the whole block was told. */
  ord: string;
}

/** After every event of a block ('~' sorts after every ordinal). */
export const END = '~';

const LT_DIGITS = 20;
const pad = (lt: string) => lt.padStart(LT_DIGITS, '0');

export const traceOrdinal = (endLt: string, traceId: string) => `t${pad(endLt)}${traceId}`;
export const jettonOrdinal = (lt: string, address: string) => `u${pad(lt)}${address}`;

export function comparePositions(a: Position, b: Position): number {
  if (a.seqno !== b.seqno) return a.seqno < b.seqno ? -1 : 1;
  return a.ord < b.ord ? -1 : a.ord > b.ord ? 1 : 0;
}

export const laterOf = (a: Position, b: Position) => (comparePositions(a, b) >= 0 ? a : b);

/**
 * What a subscriber has: every logged event up to `at` for its interest, the first `told` notifications of the
 * event at `at` (when one is there), and the traces in `ahead` that the emulator finalized before the database
 * indexed them (key → the block that completes them), so that replaying the log does not tell them again.
 */
export interface Cursor {
  at: Position;
  told: number;
  ahead: ReadonlyMap<string, number>;
}

/** Traces an id remembers as told ahead of the log (the newest); beyond it the oldest is forgotten (told again on resume). */
export const MAX_AHEAD = 32;
/** The block of a trace told ahead of the log whose block is not known: kept until forgotten as the oldest. */
export const UNKNOWN_BLOCK = 2 ** 32 - 1;
/** The longest id accepted: ahead keys included, an id is about 2 KB at most. */
export const MAX_CURSOR_LENGTH = 4096;

const VERSION = 'v1';
const ORD = /^(~|t\d{20}[A-Za-z0-9+/]{43}=|u\d{20}-?\d{1,3}:[0-9A-F]{64})$/;
const KEY = /^[A-Za-z0-9+/]{43}=$/;

/** `told` for a place whose event the subscriber was never due (it subscribed after it): all of it. */
export const ALL_TOLD = 1_000_000;

export class CursorError extends Error {}

export function encodeCursor(c: Cursor): string {
  const ahead = [...c.ahead]
    .slice(-MAX_AHEAD)
    .map(([key, seqno]) => `${key}@${seqno}`)
    .join(',');
  return `${VERSION}.${Buffer.from(`${c.at.seqno}|${c.at.ord}|${c.told}|${ahead}`).toString('base64url')}`;
}

const count = (text: string, max: number, what: string) => {
  if (!/^\d{1,10}$/.test(text) || Number(text) > max) throw new CursorError(`invalid event id: bad ${what}`);
  return Number(text);
};

/** An id a client sent back; CursorError names what is wrong with one this service did not make. */
export function parseCursor(id: string): Cursor {
  if (id.length > MAX_CURSOR_LENGTH) throw new CursorError(`invalid event id: ${id.length} characters; an event id has at most ${MAX_CURSOR_LENGTH}`);
  const [version, body, ...rest] = id.split('.');
  if (version !== VERSION || body === undefined || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(body))
    throw new CursorError('invalid event id: not an id this service gave (expected v1.<base64url>)');
  const parts = Buffer.from(body, 'base64url').toString('utf8').split('|');
  if (parts.length !== 4) throw new CursorError('invalid event id: not an id this service gave');
  const [seqno, ord, told, aheadText] = parts;
  if (!ORD.test(ord)) throw new CursorError('invalid event id: bad position within its block');
  const ahead = new Map<string, number>();
  const entries = aheadText === '' ? [] : aheadText.split(',');
  if (entries.length > MAX_AHEAD) throw new CursorError(`invalid event id: more than ${MAX_AHEAD} traces ahead`);
  for (const entry of entries) {
    const [key, block, ...more] = entry.split('@');
    if (!KEY.test(key) || block === undefined || more.length > 0) throw new CursorError('invalid event id: bad trace ahead of the log');
    ahead.set(key, count(block, 2 ** 32, 'block of a trace ahead'));
  }
  return { at: { seqno: count(seqno, 2 ** 32, 'block'), ord }, told: count(told, ALL_TOLD, 'notification count'), ahead };
}
