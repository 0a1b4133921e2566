/**
 * A deposit watcher: follows addresses over the Streaming API (SSE) and prints each incoming transfer once,
 * across restarts of itself and of the service.
 *
 *   BASE_URL=http://localhost:8080 STATE_FILE=./deposits.json npx tsx examples/deposit-watcher.ts <address>…
 *
 * Each event carries an id; the watcher keeps the last one in STATE_FILE and sends it back as Last-Event-ID when
 * it (re)connects, so the service replays what came meanwhile, every finalized event once. The state is written
 * (to a temporary file, then renamed) after each transfer is printed: a watcher killed between the two prints
 * that transfer again on restart, so the state also remembers the last transfers printed and skips them. A real
 * watcher credits the deposit and stores the id in one database transaction instead.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createEventSource } from 'eventsource-client';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:8080';
const stateFile = process.env.STATE_FILE ?? 'deposits.json';
const addresses = process.argv.slice(2);
if (addresses.length === 0) {
  console.error('usage: deposit-watcher.ts <address>… (BASE_URL, STATE_FILE from the environment)');
  process.exit(2);
}

interface State {
  lastEventId?: string;
  /** Hashes of the last transactions printed, newest last. */
  printed: string[];
}
const REMEMBERED = 1000;

const state: State = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : { printed: [] };
const save = () => {
  writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
  renameSync(`${stateFile}.tmp`, stateFile);
};

const stream = createEventSource({
  url: `${baseUrl}/api/streaming/v2/sse`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  // finalized only (the default): a deposit is credited once it cannot be rolled back
  body: JSON.stringify({ types: ['transactions'], addresses }),
  initialLastEventId: state.lastEventId,
  onConnect: () => console.error(`connected${state.lastEventId ? ', resuming after the last event seen' : ''}`),
  onDisconnect: () => console.error('disconnected; reconnecting'),
});

const stop = () => {
  stream.close();
  save();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

for await (const { event, data, id } of stream) {
  if (event !== 'event') {
    // `connected` carries the place the stream starts from: a restart before any event resumes there
    if (id && id !== state.lastEventId) {
      state.lastEventId = id;
      save();
    }
    continue;
  }
  const message = JSON.parse(data);
  if (message.type === 'resume_too_old') {
    // further back than the service replays: re-read what came before with /api/v3/transactions
    console.error(`warning: the last event seen is too old to resume from; transfers before ${message.event_id} must be re-read`);
  }
  // (a `gap` needs nothing: the service refills finalized events itself right after it)
  for (const tx of message.type === 'transactions' ? message.transactions : []) {
    const incoming = tx.in_msg;
    if (!incoming?.source || BigInt(incoming.value ?? 0) === 0n) continue;
    if (state.printed.includes(tx.hash)) {
      console.error(`skipped ${tx.hash}: printed before`);
      continue;
    }
    console.log(`deposit ${tx.hash} ${incoming.value} nanoton to ${tx.account} from ${incoming.source} (lt ${tx.lt})`);
    state.printed = [...state.printed, tx.hash].slice(-REMEMBERED);
  }
  if (id) state.lastEventId = id;
  save();
}
