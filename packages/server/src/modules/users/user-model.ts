import { Model, type Pojo } from 'objection';
import { Permission, Role } from '../permissions/models';

/**
 * A row of `users`. Query it with the app's knex (`User.query(kit.knex)`), never a global one: one process
 * may run many apps (tests do), each with its own database.
 */
export class User extends Model {
  static override tableName = 'users';

  id!: number;
  email!: string;
  /** The argon2id hash; null for accounts that never set a password (social sign-in). */
  password!: string | null;
  first_name!: string | null;
  last_name!: string | null;
  avatar!: string | null;
  language!: string | null;
  country!: string | null;
  timezone!: string | null;
  email_verified_at!: Date | null;
  /** Encrypted at rest (see the two-factor module). */
  two_factor_secret!: string | null;
  /** Encrypted JSON list at rest. */
  two_factor_recovery_codes!: string | null;
  two_factor_confirmed_at!: Date | null;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  two_factor_last_step!: number | null;
  created_at!: Date;
  updated_at!: Date;

  roles?: Role[];
  permissions?: (Permission & { restrictions?: unknown })[];

  static override relationMappings = () => ({
    roles: {
      relation: Model.ManyToManyRelation,
      modelClass: Role,
      join: {
        from: 'users.id',
        through: { from: 'user_roles.user_id', to: 'user_roles.role_id' },
        to: 'roles.id',
      },
    },
    permissions: {
      relation: Model.ManyToManyRelation,
      modelClass: Permission,
      join: {
        from: 'users.id',
        through: {
          from: 'user_permissions.user_id',
          to: 'user_permissions.permission_id',
          extra: { assigned_restrictions: 'restrictions' },
        },
        to: 'permissions.id',
      },
    },
  });

  /** Never lets a secret reach JSON, whatever serialises the model. */
  override $formatJson(json: Pojo): Pojo {
    const out = super.$formatJson(json);
    delete out.password;
    delete out.two_factor_secret;
    delete out.two_factor_recovery_codes;
    delete out.two_factor_last_step;
    return out;
  }
}
