import { emailField, newPasswordField } from '@backline/core/contract';
import * as z from 'zod/mini';
import { type BacklineOptions, createBackline } from '../create-backline';
import { ValidationError } from '../http/errors';
import { validateInput } from '../http/routes';
import { DEFAULT_ROLES } from '../modules/permissions';
import { assignRoles } from '../modules/permissions/permissions';
import { createUser, findUserByEmail } from '../modules/users/create-user';
import { User } from '../modules/users/user-model';
import { generateAppKey } from '../security/encrypter';
import { hashPassword } from '../security/password-hasher';

/** Where the CLI writes; tests collect it. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export const CLI_USAGE = `Usage: backline <command> [options]

Commands:
  migrate                               run pending migrations
  seed                                  create default rows (roles, demo content); safe to repeat
  create-admin --email E --password P   create an admin, or make an existing user one with this password
  settings:get KEY                      print a setting as JSON
  settings:set KEY JSON                 store a setting (the value is JSON: '"text"', 'true', '{"a":1}')
  key:generate                          print a new APP_KEY

Options:
  --config FILE   a module whose default export is the app's createBackline options (or a function
                  returning them); defaults to backline.config.{js,mjs,ts} in the current directory

Environment: DATA_DIR, DATABASE_URL, APP_KEY, APP_URL, MAIL_URL, MAIL_FROM, REDIS_URL`;

/** The usage text, with the commands the app's modules add listed after the kit's own. */
function usage(options: BacklineOptions): string {
  const added = (options.modules ?? [])
    .flat()
    .flatMap((module) =>
      Object.entries(module.commands ?? {}).map(([name, command]) => `  ${name} ${command.usage}`),
    );
  return added.length
    ? CLI_USAGE.replace(
        '\n\nOptions:',
        `\n\nCommands of this app's modules:\n${added.join('\n')}\n\nOptions:`,
      )
    : CLI_USAGE;
}

/** Splits `--name value` and `--name=value` options from positional arguments. */
export function parseArgs(argv: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (inline !== undefined) flags[name] = inline;
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) flags[name] = argv[++i]!;
      else flags[name] = 'true';
    } else positional.push(arg);
  }
  return { positional, flags };
}

const describeErrors = (error: ValidationError) =>
  Object.entries(error.errors ?? {})
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('\n');

/** Runs one CLI command against the app described by `options`; answers the exit code. */
export async function runCli(argv: string[], options: BacklineOptions, io: CliOutput): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...args] = positional;
  if (!command || command === 'help' || flags.help) {
    io.out(usage(options));
    return command || flags.help ? 0 : 1;
  }
  if (command === 'key:generate') {
    io.out(generateAppKey());
    return 0;
  }
  const known = ['migrate', 'seed', 'create-admin', 'settings:get', 'settings:set'];
  // Modules add their own commands (the music site's `seed:music`); the kit's own names cannot be taken.
  const moduleCommand = known.includes(command)
    ? undefined
    : (options.modules ?? [])
        .flat()
        .map((module) => module.commands?.[command])
        .find(Boolean);
  if (!known.includes(command) && !moduleCommand) {
    io.err(`Unknown command "${command}".\n\n${usage(options)}`);
    return 1;
  }

  const app = await createBackline(options);
  try {
    if (moduleCommand) return await moduleCommand.run(app.kit, { positional: args, flags }, io);
    switch (command) {
      case 'migrate':
        io.out(
          app.migrated.length
            ? `Migrated the ${app.kit.db.kind} database: ${app.migrated.join(', ')}`
            : `Nothing to migrate: the ${app.kit.db.kind} database is up to date.`,
        );
        return 0;
      case 'seed':
        await app.seed();
        io.out('Seeded.');
        return 0;
      case 'create-admin': {
        let input: { email: string; password: string };
        try {
          input = validateInput(z.object({ email: emailField, password: newPasswordField() }), {
            email: flags.email,
            password: flags.password,
          });
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          io.err(`${describeErrors(error)}\n\nUsage: backline create-admin --email E --password P`);
          return 1;
        }
        const hash = await hashPassword(input.password);
        const now = app.kit.now();
        const existing = await findUserByEmail(app.kit.knex, input.email);
        await app.kit.knex.transaction(async (trx) => {
          if (existing) {
            await User.query(trx)
              .findById(existing.id)
              .patch({
                password: hash,
                email_verified_at: existing.email_verified_at ?? now,
                updated_at: now,
              });
            await assignRoles(trx, existing.id, [DEFAULT_ROLES.admin]);
          } else {
            await createUser(trx, {
              email: input.email,
              passwordHash: hash,
              emailVerifiedAt: now,
              roles: [DEFAULT_ROLES.admin],
              now,
            });
          }
        });
        io.out(`${existing ? 'Updated' : 'Created'} admin ${input.email}.`);
        return 0;
      }
      case 'settings:get': {
        const [key] = args;
        if (!key) {
          io.err('Usage: backline settings:get KEY');
          return 1;
        }
        const all = await app.kit.settings.all();
        if (!(key in all)) {
          io.err(`No setting named "${key}".`);
          return 1;
        }
        io.out(JSON.stringify(all[key]!.value));
        return 0;
      }
      case 'settings:set': {
        const [key, json] = args;
        if (!key || json === undefined) {
          io.err('Usage: backline settings:set KEY JSON');
          return 1;
        }
        let value: unknown;
        try {
          value = JSON.parse(json);
        } catch {
          io.err(`The value must be JSON, e.g. '"My site"', 'true' or '{"a":1}'; got ${json}`);
          return 1;
        }
        await app.kit.settings.set(key, value);
        io.out(`${key} = ${JSON.stringify(value)}`);
        return 0;
      }
    }
    return 1;
  } finally {
    await app.close();
  }
}
