// `npm start`: set up what is needed, then run the console with its embedded server,
// database, MQTT broker and robot simulator on http://127.0.0.1:8080.
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies, ensureServerBuild } from './ensure.mjs';

ensureDependencies();
ensureBuild();
// The server runs as plain JavaScript (build/server/main.mjs): no TypeScript compiled while it starts.
await ensureServerBuild();
// glibc gives every thread that allocates its own malloc arena and keeps what it freed: after the
// first start (PGlite's initdb, the demo maps cut in a worker) the idle server held ~540–580 MB
// instead of ~400 MB. Two arenas keep it at ~450 MB (bench/list-throughput.ts).
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
const child = spawn(process.execPath, ['build/server/main.mjs'], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
