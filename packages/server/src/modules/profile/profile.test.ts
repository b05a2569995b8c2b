import {
  currentUser,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'lovelace-engine-1843';

describe.each(testDatabases())('display name on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()] });
  });
  afterAll(() => server?.close());

  it('shows the chosen name everywhere the user is served, and the derived one once it is cleared', async () => {
    const { http } = await signedInUser(server, { email: 'ada@example.com', password: PASSWORD });
    expect((await currentUser(http))?.display_name).toBe('ada');

    const set = await http.request('PUT', '/api/v1/users/me/profile', {
      json: { display_name: '  Countess  ' },
    });
    expect(set.status).toBe(200);
    expect((set.data as { user: { display_name: string } }).user.display_name).toBe('Countess');
    expect((await currentUser(http))?.display_name).toBe('Countess');
    expect(
      ((await http.get('/api/v1/users/me')).data as { user: { display_name: string } }).user.display_name,
    ).toBe('Countess');
    // Stored as typed (trimmed), so a later name change does not overwrite it.
    const row = await server.app.kit.knex('users').where({ email: 'ada@example.com' }).first('display_name');
    expect(row.display_name).toBe('Countess');

    await http.request('PUT', '/api/v1/users/me', { json: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect((await currentUser(http))?.display_name).toBe('Countess');

    const cleared = await http.request('PUT', '/api/v1/users/me/profile', { json: { display_name: '' } });
    expect((cleared.data as { user: { display_name: string } }).user.display_name).toBe('Ada Lovelace');
    const after = await server.app.kit
      .knex('users')
      .where({ email: 'ada@example.com' })
      .first('display_name');
    expect(after.display_name).toBeNull();
  });

  it('refuses a name too long or with control characters, and writes nothing', async () => {
    const { http } = await signedInUser(server, { email: 'grace@example.com', password: PASSWORD });
    const long = await http.request('PUT', '/api/v1/users/me/profile', {
      json: { display_name: 'x'.repeat(101) },
    });
    expect(long.status).toBe(422);
    expect(long.data).toMatchObject({
      errors: { display_name: ['The display name field must not be greater than 100 characters.'] },
    });
    const nul = await http.request('PUT', '/api/v1/users/me/profile', { json: { display_name: 'a\u0000b' } });
    expect(nul.status).toBe(422);
    const wrongType = await http.request('PUT', '/api/v1/users/me/profile', { json: { display_name: 42 } });
    expect(wrongType.status).toBe(422);
    const row = await server.app.kit
      .knex('users')
      .where({ email: 'grace@example.com' })
      .first('display_name');
    expect(row.display_name).toBeNull();
  });

  it('answers visitors 401', async () => {
    const visitor = server.session();
    await visitor.get('/api/v1/health');
    const response = await visitor.request('PUT', '/api/v1/users/me/profile', {
      json: { display_name: 'Nobody' },
    });
    expect(response.status).toBe(401);
  });
});
