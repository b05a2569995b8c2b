export { bootstrapOf, createTestUser, currentUser, loginOverHttp } from './accounts';
export { type TestDatabase, tempDir, testDatabases } from './databases';
export { HttpSession } from './http-session';
export { type RunningServer, startTestServer } from './server';
export { type CapturedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture';
export { alternatingMediansMs, median, medianMs, responseTimesMs, type TimedRequest } from './timing';
export { totpCode } from './totp';
