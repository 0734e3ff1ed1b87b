// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173),
// which proxies /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@daywise/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', '@daywise/web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
