/**
 * String escaping as the bytes reach TON Center's clients: the C++ printer's escaping (short forms, other
 * controls and DEL as lowercase \u00xx, everything else raw) followed by Go's encoding/json compaction of the
 * raw message, which turns `<`, `>`, `&`, U+2028 and U+2029 into \u escapes.
 */
const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

const NEEDS = /["\\\u0000-\u001f\u007f<>&\u2028\u2029]/;

function escapeWith(s: string, del: boolean): string {
  if (!NEEDS.test(s)) return s;
  let out = '';
  for (const ch of s) {
    const short = SHORT[ch];
    if (short) out += short;
    else {
      const c = ch.charCodeAt(0);
      if (c < 0x20 || (del && c === 0x7f) || ch === '<' || ch === '>' || ch === '&' || c === 0x2028 || c === 0x2029)
        out += `\\u${c.toString(16).padStart(4, '0')}`;
      else out += ch;
    }
  }
  return out;
}

/** A JSON string literal as the C++ printer wrote it after Go's compaction. */
export function quoteCpp(s: string): string {
  return `"${escapeWith(s, true)}"`;
}

/** A JSON string literal as Go's json.Marshal writes it (DEL stays raw). */
export function quoteGo(s: string): string {
  return `"${escapeWith(s, false)}"`;
}
