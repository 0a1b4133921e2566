/**
 * `/api/v3/balanceChanges` on the wire: `{"changes":{addr:n},"fees":{addr:n},"jettons":{owner:{master:"n"}}}`,
 * keys sorted (Go's map order), nanotons as JSON integers printed from bigints digit for digit (a JSON parser
 * reading them as doubles loses precision past 2^53, as with TON Center's int64), jetton amounts as decimal strings.
 */
import { type Changes, netChanges } from '../traces/balanceChanges';

const byKey = <V>(map: Map<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const numbers = (map: Map<string, bigint>) =>
  `{${byKey(map)
    .map(([key, n]) => `${JSON.stringify(key)}:${n}`)
    .join(',')}}`;

const decimals = (map: Map<string, bigint>) =>
  `{${byKey(map)
    .map(([key, n]) => `${JSON.stringify(key)}:"${n}"`)
    .join(',')}}`;

/** The body for changes, or TON Center's all-null body for an action it computes none for (`contract_deploy`). */
export function balanceChangesJson(changes: Changes | null): string {
  if (changes === null) return '{"changes":null,"fees":null,"jettons":null}';
  const jettons = `{${byKey(changes.jettons)
    .map(([owner, byMaster]) => `${JSON.stringify(owner)}:${decimals(byMaster)}`)
    .join(',')}}`;
  return `{"changes":${numbers(netChanges(changes))},"fees":${numbers(changes.fees)},"jettons":${jettons}}`;
}
