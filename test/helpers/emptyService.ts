import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './databases';
import { startService } from './service';

/**
 * The real HTTP server over a fresh, empty PGlite database, for the describe block that calls this: started
 * before its tests, stopped after. For routes and pages that need no data.
 */
export function emptyService() {
  let db: TestDatabase | undefined;
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    service = await startService(db.reader);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });
  return {
    get: (path: string, init?: RequestInit) => {
      if (!service) throw new Error('emptyService: used outside its describe block');
      return service.get(path, init);
    },
  };
}
