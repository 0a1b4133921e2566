/** The TL-B syntax tree the parser produces and the compiler reads. */

export type NatExpr = { k: 'num'; v: number } | { k: 'var'; name: string; out?: boolean } | { k: 'add' | 'mul'; a: NatExpr; b: NatExpr };

export type TypeExpr =
  | { k: 'app'; name: string; args: TypeExpr[] }
  | { k: 'nat'; e: NatExpr }
  | { k: 'ref'; inner: TypeExpr }
  | { k: 'anon'; fields: Field[] }
  | { k: 'cond'; field: string; bit: number | null; inner: TypeExpr }
  /** `(## n)`, `(#< n)`, `(#<= n)`, `#` */
  | { k: 'natType'; op: '##' | '#<' | '#<=' | '#'; e: NatExpr | null }
  /** `(n * Bit)` */
  | { k: 'bitsN'; e: NatExpr };

export type Constraint = { op: '<=' | '>=' | '<' | '>' | '='; a: NatExpr; b: NatExpr };

export type Field = { k: 'field'; name: string; type: TypeExpr } | { k: 'implicit'; name: string; kind: 'nat' | 'type' } | { k: 'constraint'; c: Constraint };

export interface Constructor {
  /** `_` for an anonymous constructor. */
  name: string;
  /** The tag as a string of '0'/'1'; '' for `$_`, `#_` or no tag. */
  tag: string;
  fields: Field[];
  result: string;
  resultArgs: TypeExpr[];
  /** Source file, for error messages. */
  file: string;
}
