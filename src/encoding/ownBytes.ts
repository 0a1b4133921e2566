/**
 * A text as UTF-8 bytes of their own, what a cache keeps: off the JavaScript heap and exactly its size (V8 may keep
 * a string at two bytes a character whatever it holds, and a small Buffer.from would hold on to an 8 KB pool slab).
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
