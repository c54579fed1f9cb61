// `npm run cluster`: set up what is needed, then start the cluster of scripts/cluster.ts
// (PostgreSQL, Mosquitto, HAProxy, three replicas and the simulator) on http://127.0.0.1:8080.
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
