export { type TestDatabase, tempDir, testDatabases } from './databases';
export { HttpSession } from './http-session';
export { type RunningServer, startTestServer } from './server';
