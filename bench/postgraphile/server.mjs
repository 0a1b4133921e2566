// The peer of `npm run bench`: PostGraphile 5 (its recommended "amber" preset, defaults otherwise) over the same
// database, run by bench/run.ts with the Node 22 of this package. Prints "postgraphile ready" when it listens.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'], poolConfig: { max: Number(process.env.PG_POOL_MAX ?? 10) } })],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
});
const server = createServer();
server.once('listening', () => console.log('postgraphile ready'));
await pgl.createServ(grafserv).addTo(server);
await pgl.getSchema();
server.listen(Number(process.env.PORT), '127.0.0.1');
