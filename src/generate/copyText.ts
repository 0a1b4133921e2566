/** One value in PostgreSQL's COPY text format. */
export function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}

/** Rows for one table, accumulated as COPY text. */
export class CopyBuffer {
  private lines: string[] = [];
  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}

  add(row: Record<string, unknown>): void {
    let line = '';
    for (let i = 0; i < this.columns.length; i += 1) line += (i === 0 ? '' : '\t') + copyValue(row[this.columns[i]]);
    this.lines.push(line);
  }

  get size(): number {
    return this.lines.length;
  }

  /** Takes the accumulated text and empties the buffer. */
  drain(): string {
    const text = this.lines.length === 0 ? '' : `${this.lines.join('\n')}\n`;
    this.lines = [];
    return text;
  }
}
