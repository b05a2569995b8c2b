import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { IndexedRouter } from './indexed-router';

const noop = async () => undefined;

/** The same routes on both routers, in the same order: static, parameters at every depth, odd shapes. */
function register(router: Router) {
  router.register('/api/v1/tracks', ['GET'], noop);
  router.register('/api/v1/tracks/:id', ['GET', 'PUT'], noop);
  router.register('/api/v1/tracks/:id/stream', ['GET'], noop);
  router.register('/api/v1/tracks/popular', ['GET'], noop);
  router.register('/api/v1/:section/settings', ['POST'], noop);
  router.register('/api/:version/health', ['GET'], noop);
  router.register('/:anything', ['DELETE'], noop);
  router.register('/', ['GET'], noop);
  router.register('/api/v1/openapi.json', ['GET'], noop);
  router.register('/api/v1/Mixed-Case/:id', ['GET'], noop);
  router.register('/api/v1/trailing/', ['GET'], noop);
  router.register('/auth/login', ['POST'], noop);
  router.register('/auth/user/two-factor/:step', ['POST'], noop);
  router.register('/files/*rest', ['GET'], noop);
  router.register('/api/v1/tracks{/:page}/list', ['GET'], noop);
  router.register(/^\/legacy\/\d+$/, ['GET'], noop, { pathAsRegExp: true });
  router.use('/api/v1/admin', noop);
  router.register('/api/v1/admin/users/:id', ['GET'], noop);
  router.register('/api/v1/tracks/:id', ['PATCH'], noop);
}

const paths = [
  '/',
  '',
  '//',
  '/api',
  '/api/',
  '/api/v1',
  '/api/v1/',
  '/api/v1/tracks',
  '/api/v1/tracks/',
  '/API/V1/TRACKS',
  '/api/v1/tracks/7',
  '/api/v1/tracks/7/',
  '/api/v1/Tracks/7/stream',
  '/api/v1/tracks/7/stream/',
  '/api/v1/tracks/7/stream/x',
  '/api/v1/tracks/popular',
  '/api/v1/tracks/2/list',
  '/api/v1/tracks/list',
  '/api/v1/anything/settings',
  '/api/v1/tracks/settings',
  '/api/v2/health',
  '/api/v1/health',
  '/api/health',
  '/x',
  '/x/',
  '/api/v1/openapi.json',
  '/api/v1/openapiXjson',
  '/api/v1/mixed-case/3',
  '/api/v1/MIXED-CASE/3',
  '/api/v1/trailing',
  '/api/v1/trailing/',
  '/auth/login',
  '/Auth/Login/',
  '/auth/user/two-factor/confirm',
  '/files/a/b/c.mp3',
  '/files',
  '/legacy/12',
  '/api/v1/admin',
  '/api/v1/admin/users/5',
  '/api/v1/%74racks/7',
  '/api/v1/tra%2Fcks/7',
  '/api/v1/tracKs/7',
  '/api/v1/tracks/%E2%9C%93/stream',
  '/api/v1/tracks/✓/stream',
];

const indexes = (router: Router, layers: Router['stack']) =>
  layers.map((layer) => router.stack.indexOf(layer));

describe('IndexedRouter', () => {
  it('matches exactly what the stock router matches, for every method and path', () => {
    const stock = new Router();
    const indexed = new IndexedRouter();
    register(stock);
    register(indexed);
    for (const path of paths)
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get']) {
        const expected = stock.match(path, method);
        const actual = indexed.match(path, method);
        expect({ path, method, layers: indexes(indexed, actual.path) }).toEqual({
          path,
          method,
          layers: indexes(stock, expected.path),
        });
        expect(indexes(indexed, actual.pathAndMethod)).toEqual(indexes(stock, expected.pathAndMethod));
        expect(actual.route).toBe(expected.route);
      }
  });

  it('indexes routes registered after the first request', () => {
    const router = new IndexedRouter();
    router.register('/api/v1/tracks', ['GET'], noop);
    expect(router.match('/api/v1/albums', 'GET').route).toBe(false);
    router.register('/api/v1/albums', ['GET'], noop);
    expect(router.match('/api/v1/albums', 'GET').route).toBe(true);
  });
});
