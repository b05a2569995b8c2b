import { accounts, createBackline } from '@backline/server';

const app = await createBackline({
  dataDir: process.env.DATA_DIR ?? '.data',
  modules: [accounts()],
  spa: { root: 'dist/client' },
});
const { url } = await app.start(Number(process.env.PORT ?? 3000));
console.log(`Running at ${url}`);
