/**
 * Reference for bench/list-throughput.ts (issue 23): the least an HTTP server backed by PostgreSQL
 * does for one list request — Fastify parses the JSON body, a pg pool of the server's default size
 * runs the captured statements prepared, the rows go back as JSON. No session, no schema, no access
 * rules. Run as a child process, like the server. Env: PORT, DATABASE_URL, POOL, STATEMENTS (JSON:
 * [{ sql, params }]).
 */
import Fastify from 'fastify';
import pg from 'pg';

const statements = JSON.parse(process.env.STATEMENTS);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL) });
const app = Fastify();
app.post('/api/interface', async () => {
  let rows = [];
  for (const [i, st] of statements.entries()) rows = (await pool.query({ name: `s${i}`, text: st.sql, values: st.params })).rows;
  return { code: 0, param: { rows } };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('listening on', process.env.PORT);
