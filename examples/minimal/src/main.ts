import { createApp } from './app.js';

const app = await createApp(process.env.DATA_DIR ?? '.data');
const { url } = await app.start(Number(process.env.PORT ?? 3001));
console.log(`Minimal app running at ${url}`);
