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
  created_at!: Date;
  updated_at!: Date;
  /** A ban (columns the admin module adds): when it started, why, and when it ends (null: until lifted). */
  banned_at?: Date | null;
  ban_reason?: string | null;
  banned_until?: Date | null;

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

  /**
   * Columns that must never reach JSON, whatever serialises the model. Modules that add secret columns to
   * `users` (two-factor's secret and codes) register them here.
   */
  static readonly secretColumns = new Set<string>(['password']);

  /** Never lets a secret reach JSON, whatever serialises the model. */
  override $formatJson(json: Pojo): Pojo {
    const out = super.$formatJson(json);
    for (const column of User.secretColumns) delete out[column];
    return out;
  }
}
