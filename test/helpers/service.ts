import type { AddressInfo } from 'node:net';
import { MasterchainTip } from '../../src/data/blocks';
import pino from 'pino';
import { defaults, type Network } from '../../src/config';
import { BodyBudget } from '../../src/http/body';
import { bodyDecoder } from '../../src/decode/cache';
import type { Services } from '../../src/context';
import type { Database } from '../../src/db/types';
import { createHttpServer } from '../../src/http/server';

/** The services of a server at its default settings (no limiter, page cache, request timeout or live events). */
export function testServices(db: Database, network: Network = 'testnet'): Services {
  const config = defaults();
  return {
    db,
    network,
    apiVersion: '1.2.10',
    statementTimeoutMs: config.statementTimeoutMs,
    addressBookMaxAgeMs: config.addressBookMaxAgeMs,
    maxTraceTransactions: config.maxTraceTransactions,
    bodies: new BodyBudget(config.maxBufferedBodyBytes, config.bodyTimeoutMs),
    decoder: bodyDecoder(config.decode),
    log: pino({ level: 'silent' }),
    masterchainTip: new MasterchainTip(),
  };
}

/** Starts the real HTTP server on an ephemeral port. */
export const startService = (db: Database, network: Network = 'testnet') => listen(testServices(db, network));

/** Starts the real HTTP server over these services on an ephemeral port. */
export async function listen(services: Services) {
  const { server, yoga } = createHttpServer(services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    services,
    yoga,
    base,
    get: (path: string, init?: RequestInit) => fetch(base + path, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
