import type { Constraint, Constructor, Field, NatExpr, TypeExpr } from './tlbAst.js';

/**
 * A small parser for the TL-B subset TON Center's schemas use (block.tlb style). Hand-written rather than
 * @ton-community/tlb-parser: that package is 0.1.x with two releases in 17 months and an ohm-js runtime, and
 * TON Center's names contain commas (`evaa_supply_master,pyth_update_guardian_set,w4_deploy_install_plugin`).
 * A named constructor without an explicit tag gets no tag here (tlbc would give it a CRC32 tag).
 */

type Tok = { t: string; v: string; glued: boolean; line: number };

const PUNCT = ['#<=', '##', '#<', '<=', '>=', '#', '$', ':', '=', ';', '(', ')', '[', ']', '{', '}', '^', '~', '?', '.', '*', '+', '<', '>'];

function lex(src: string, file: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let line = 1;
  let glued = false;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') line++;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      glued = false;
      continue;
    }
    if (src.startsWith('//', i)) {
      while (i < src.length && src[i] !== '\n') i++;
      glued = false;
      continue;
    }
    if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) throw new Error(`${file}:${line}: unterminated comment`);
      line += src.slice(i, end).split('\n').length - 1;
      i = end + 2;
      glued = false;
      continue;
    }
    const prev = toks[toks.length - 1];
    // A tag glued to a constructor name: name#hex, name$bits, name#_, name$_
    if ((c === '#' || c === '$') && glued && prev?.t === 'id' && /[0-9a-fA-F_]/.test(src[i + 1] ?? '')) {
      let j = i + 1;
      while (j < src.length && /[0-9a-fA-F_]/.test(src[j])) j++;
      toks.push({ t: 'tag', v: src.slice(i, j), glued: true, line });
      i = j;
      glued = true;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*(?:,[A-Za-z_][A-Za-z0-9_]*)*/.exec(src.slice(i, i + 200));
    if (id) {
      toks.push({ t: 'id', v: id[0], glued, line });
      i += id[0].length;
      glued = true;
      continue;
    }
    const num = /^[0-9]+/.exec(src.slice(i, i + 20));
    if (num) {
      toks.push({ t: 'num', v: num[0], glued, line });
      i += num[0].length;
      glued = true;
      continue;
    }
    const p = PUNCT.find((q) => src.startsWith(q, i));
    if (!p) throw new Error(`${file}:${line}: unexpected character ${JSON.stringify(c)}`);
    toks.push({ t: p, v: p, glued, line });
    i += p.length;
    glued = true;
  }
  return toks;
}

function tagBits(tag: string): string {
  const body = tag.slice(1);
  if (body === '_') return '';
  if (tag[0] === '$') return body;
  let bits = '';
  for (const h of body.replace(/_$/, '')) bits += Number.parseInt(h, 16).toString(2).padStart(4, '0');
  // hex completion tag: drop trailing zeros and the final 1
  if (body.endsWith('_')) bits = bits.replace(/10*$/, '');
  return bits;
}

function markOut(e: NatExpr): NatExpr {
  if (e.k === 'var') return { ...e, out: true };
  if (e.k === 'num') return e;
  return { k: e.k, a: markOut(e.a), b: markOut(e.b) };
}

export function parseTlb(src: string, file: string): Constructor[] {
  const toks = lex(src, file);
  let p = 0;
  const peek = (o = 0) => toks[p + o];
  const fail = (msg: string): never => {
    throw new Error(`${file}:${peek()?.line ?? 'end'}: ${msg} (at ${JSON.stringify(peek()?.v)})`);
  };
  const eat = (t: string) => {
    if (peek()?.t !== t) fail(`expected ${t}`);
    return toks[p++];
  };

  function natAtom(): NatExpr {
    const tk = peek();
    if (!tk) return fail('expected a number');
    if (tk.t === 'num') {
      p++;
      return { k: 'num', v: Number(tk.v) };
    }
    if (tk.t === '~') {
      // `~n`, `~0`, `~(n + 1)`: an output natural (result-type arguments of HmLabel, Unary)
      p++;
      return markOut(natAtom());
    }
    if (tk.t === 'id') {
      p++;
      return { k: 'var', name: tk.v };
    }
    if (tk.t === '(') {
      p++;
      const e = natExpr();
      eat(')');
      return e;
    }
    return fail('expected a natural');
  }
  function natExpr(): NatExpr {
    let a = natAtom();
    while (peek()?.t === '*' || peek()?.t === '+') {
      const op = toks[p++].t === '*' ? 'mul' : 'add';
      a = { k: op, a, b: natAtom() };
    }
    return a;
  }

  /** One term: a field type or a type argument. */
  function term(): TypeExpr {
    const tk = peek();
    if (!tk) return fail('expected a type');
    if (tk.t === '^') {
      p++;
      return { k: 'ref', inner: term() };
    }
    if (tk.t === '[') {
      p++;
      const fields: Field[] = [];
      while (peek()?.t !== ']') fields.push(fieldItem());
      eat(']');
      return { k: 'anon', fields };
    }
    if (tk.t === '#') {
      p++;
      return { k: 'natType', op: '#', e: null };
    }
    if (tk.t === 'num' || tk.t === '~') return { k: 'nat', e: natAtom() };
    if (tk.t === 'id') {
      p++;
      return { k: 'app', name: tk.v, args: [] };
    }
    if (tk.t === '(') {
      p++;
      const inner = parenBody();
      eat(')');
      return inner;
    }
    return fail('expected a type');
  }

  function parenBody(): TypeExpr {
    const tk = peek();
    if (tk.t === '##' || tk.t === '#<' || tk.t === '#<=') {
      p++;
      return { k: 'natType', op: tk.t, e: natAtom() };
    }
    // natural arithmetic, or `n * Bit`
    const next = peek(1);
    if ((tk.t === 'id' || tk.t === 'num' || tk.t === '~') && (next?.t === '*' || next?.t === '+')) {
      const save = p;
      const a = natAtom();
      if (peek().t === '*' && peek(1)?.v === 'Bit' && peek(2)?.t === ')') {
        p += 2;
        return { k: 'bitsN', e: a };
      }
      p = save;
      return { k: 'nat', e: natExpr() };
    }
    const head = term();
    if (head.k !== 'app') return head;
    const args: TypeExpr[] = [];
    while (peek() && peek().t !== ')') args.push(term());
    return { k: 'app', name: head.name, args };
  }

  function constraint(): Constraint {
    const a = natExpr();
    const op = toks[p++].t;
    if (op !== '<=' && op !== '>=' && op !== '<' && op !== '>' && op !== '=') fail('expected a comparison');
    return { op: op as Constraint['op'], a, b: natExpr() };
  }

  function fieldItem(): Field {
    const tk = peek();
    if (tk.t === '{') {
      p++;
      let f: Field;
      if (peek().t === 'id' && peek(1)?.t === ':') {
        const name = toks[p].v;
        p += 2;
        const kind = peek().t === '#' ? 'nat' : 'type';
        p++;
        f = { k: 'implicit', name, kind };
      } else f = { k: 'constraint', c: constraint() };
      eat('}');
      return f;
    }
    if (tk.t === 'id' && peek(1)?.t === ':') {
      p += 2;
      return { k: 'field', name: tk.v === '_' ? '' : tk.v, type: fieldType() };
    }
    return { k: 'field', name: '', type: term() };
  }

  function fieldType(): TypeExpr {
    // conditional: `flags . 0?T` or `x?T`
    if (peek().t === 'id' && peek(1)?.t === '.' && peek(2)?.t === 'num' && peek(3)?.t === '?') {
      const field = toks[p].v;
      const bit = Number(toks[p + 2].v);
      p += 4;
      return { k: 'cond', field, bit, inner: term() };
    }
    if (peek().t === 'id' && peek(1)?.t === '?') {
      const field = toks[p].v;
      p += 2;
      return { k: 'cond', field, bit: null, inner: term() };
    }
    return term();
  }

  const out: Constructor[] = [];
  while (p < toks.length) {
    const name = eat('id').v;
    const tag = peek()?.t === 'tag' ? tagBits(toks[p++].v) : '';
    const fields: Field[] = [];
    while (peek() && peek().t !== '=') fields.push(fieldItem());
    eat('=');
    const result = eat('id').v;
    const resultArgs: TypeExpr[] = [];
    while (peek() && peek().t !== ';') resultArgs.push(term());
    eat(';');
    out.push({ name, tag, fields, result, resultArgs, file });
  }
  return out;
}
