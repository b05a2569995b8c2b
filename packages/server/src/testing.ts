/**
 * `@backline/server/testing`: what a test of a Backline app needs and a product does not. The wire names a test
 * client sends by hand (the XSRF cookie and header, the tus path), the messages and limits tests assert on, the
 * bootstrap encoder a stand-in server answers with, and the API description's naming helpers.
 */
export { type BootstrapData, buildBootstrap, encodeBootstrap, type ThemeRecord } from './bootstrap/bootstrap';
export { errorStatuses, operationId, SECURITY_SCHEMES, successStatus } from './http/openapi/openapi';
export { TOKEN_READ_ONLY_MESSAGE, TOKEN_REFUSED_MESSAGE } from './http/routes';
export { XSRF_COOKIE, XSRF_HEADER } from './http/xsrf';
export { extractLinks } from './mail/mailer';
export { MAX_ACCESS_TOKENS, TOO_MANY_TOKENS_MESSAGE } from './modules/access-tokens/tokens';
export { FAILED_LOGIN_MESSAGE, LOGIN_LIMIT } from './modules/auth';
export { HUMAN_CHECK_FAILED } from './modules/human-check';
export { TUS_PATH } from './modules/uploads/tus';
