import type { Constructor, Field, NatExpr, TypeExpr } from './tlbAst.js';

/** TL-B text of the syntax tree again (normalized spacing), for descriptions: `jetton_notify#7362d09c query_id:uint64 … = InternalMsgBody1`. */

function nat(e: NatExpr, top = true): string {
  if (e.k === 'num') return String(e.v);
  if (e.k === 'var') return e.out ? `~${e.name}` : e.name;
  const text = `${nat(e.a, false)} ${e.k === 'add' ? '+' : '*'} ${nat(e.b, false)}`;
  return top ? text : `(${text})`;
}

/** A type expression; `arg` for one in argument position (parenthesized when it has arguments). */
export function printType(t: TypeExpr, arg = false): string {
  switch (t.k) {
    case 'app': {
      if (t.args.length === 0) return t.name;
      const text = `${t.name} ${t.args.map((a) => printType(a, true)).join(' ')}`;
      return arg ? `(${text})` : text;
    }
    case 'nat':
      return t.e.k === 'num' || t.e.k === 'var' ? nat(t.e) : `(${nat(t.e)})`;
    case 'ref':
      return `^${printType(t.inner, true)}`;
    case 'anon':
      return `[ ${t.fields.map(printField).join(' ')} ]`;
    case 'cond':
      return `${t.field}${t.bit === null ? '' : `.${t.bit}`}?${printType(t.inner, true)}`;
    case 'natType':
      return t.op === '#' ? '#' : `(${t.op} ${t.e ? nat(t.e) : ''})`;
    case 'bitsN':
      return `(${nat(t.e, false)} * Bit)`;
  }
}

export function printField(f: Field): string {
  if (f.k === 'implicit') return `{${f.name}:${f.kind === 'nat' ? '#' : 'Type'}}`;
  if (f.k === 'constraint') return `{ ${nat(f.c.a)} ${f.c.op} ${nat(f.c.b)} }`;
  return `${f.name || '_'}:${printType(f.type, true)}`;
}

/** The tag as written: `#hex` for a multiple of 4 bits, else `$bits`; `$_` for a named constructor without one. */
export function printTag(c: Constructor): string {
  if (c.name === '_') return '';
  if (!c.tag) return '$_';
  if (c.tag.length % 4 === 0)
    return `#${BigInt(`0b${c.tag}`)
      .toString(16)
      .padStart(c.tag.length / 4, '0')}`;
  return `$${c.tag}`;
}

export function printConstructor(c: Constructor): string {
  const head = `${c.name}${printTag(c)}`;
  const fields = c.fields.map(printField);
  const result = [c.result, ...c.resultArgs.map((a) => printType(a, true))].join(' ');
  return [head, ...fields, '=', result].join(' ');
}
