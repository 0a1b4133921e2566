/** Filter parts several routes share, with the conversions from their parsed parameters. */
import type { Bind } from './sql';

/** Which block: by its id parts, its hashes, or the masterchain block that committed it. */
export interface BlockSelector {
  workchain?: number;
  shard?: string;
  seqno?: number;
  rootHashes: string[];
  fileHashes: string[];
  mcSeqno?: number;
}

/** Time (unix seconds) and logical-time windows, bounds included. */
export interface Windows {
  startUtime?: number;
  endUtime?: number;
  startLt?: string;
  endLt?: string;
}

export const blockSelectorOf = (p: {
  workchain?: number;
  shard?: string;
  seqno?: number;
  root_hash: string[];
  file_hash: string[];
  mc_seqno?: number;
}): BlockSelector => ({ workchain: p.workchain, shard: p.shard, seqno: p.seqno, rootHashes: p.root_hash, fileHashes: p.file_hash, mcSeqno: p.mc_seqno });

export const windowsOf = (p: { start_utime?: number; end_utime?: number; start_lt?: string; end_lt?: string }): Windows => ({
  startUtime: p.start_utime,
  endUtime: p.end_utime,
  startLt: p.start_lt,
  endLt: p.end_lt,
});

/** A window's conditions on the columns that hold the time and the logical time (bound with `bind`). */
export function windowConditions(w: Windows, bind: Bind, columns: { time: string; lt: string }): string[] {
  const where: string[] = [];
  if (w.startUtime !== undefined) where.push(`${columns.time} >= ${bind(w.startUtime)}::int8`);
  if (w.endUtime !== undefined) where.push(`${columns.time} <= ${bind(w.endUtime)}::int8`);
  if (w.startLt !== undefined) where.push(`${columns.lt} >= ${bind(w.startLt)}::int8`);
  if (w.endLt !== undefined) where.push(`${columns.lt} <= ${bind(w.endLt)}::int8`);
  return where;
}

/** True when a time bound is given: routes then order by time first, as TON Center does. */
export const hasTimeWindow = (w: Windows) => w.startUtime !== undefined || w.endUtime !== undefined;
