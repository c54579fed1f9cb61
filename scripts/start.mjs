// `npm start`: set up what is needed, then run the console with its embedded server,
// database, MQTT broker and robot simulator on http://127.0.0.1:8080.
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
