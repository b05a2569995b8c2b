export { bootstrapOf, createTestUser, currentUser, loginOverHttp, signedInUser } from './accounts';
export { type TestDatabase, tempDir, testDatabases } from './databases';
export {
  type CaseKind,
  type FuzzBody,
  type FuzzFailure,
  type FuzzInput,
  type FuzzOptions,
  type FuzzReport,
  formatFuzzReport,
  fuzzRoutes,
  inputArbitrary,
  type PersonaName,
  requestBody,
  type StatusClass,
  type Target,
  targetsOf,
  urlOf,
  validInputOf,
} from './fuzz/fuzz-routes';
export { HttpSession } from './http-session';
export { type MockOAuthProvider, type MockOAuthUser, startOAuthProvider } from './oauth';
export { type RawResponse, rawRequest } from './raw-request';
export { type S3TestServer, s3TestClient, startS3Server } from './s3';
export {
  type AuthorizationCheck,
  type AuthorizationFinding,
  type AuthorizationReport,
  type AuthorizationWalkOptions,
  formatAuthorizationReport,
  type OwnedResource,
  type ParamOwners,
  type WalkUser,
  walkAuthorization,
} from './security/authorization-walk';
export { type RunningServer, startTestServer } from './server';
export { type CapturedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture';
export { type DeliveredEvent, type StripeFake, startStripeFake } from './stripe-fake';
export { TIMEOUTS } from './timeouts';
export { alternatingMediansMs, median, medianMs, responseTimesMs, type TimedRequest } from './timing';
export { totpCode } from './totp';
export { type DetailedError, multipartBody, TusUpload, type TusUploadOptions, tusUpload } from './uploads';
