import { Model } from 'objection';

/** A restriction value on a permission assignment (`{name: 'count', value: 10}`). */
export interface Restriction {
  name: string;
  value: unknown;
}

/** A row of `permissions`: a name plus the restrictions it understands. */
export class Permission extends Model {
  static override tableName = 'permissions';
  static override jsonAttributes = ['restrictions'];

  id!: number;
  name!: string;
  description!: string | null;
  /** The restrictions this permission understands (definitions, not values). */
  restrictions!: Restriction[];
  /** The values of this assignment (from the pivot row), when loaded through a role or a user. */
  assigned_restrictions?: Restriction[] | string | null;
}

/** A row of `roles`. `default` roles go to every new user; the `guests` role stands for visitors. */
export class Role extends Model {
  static override tableName = 'roles';

  id!: number;
  name!: string;
  description!: string | null;
  default!: boolean;
  guests!: boolean;
  permissions?: Permission[];

  static override relationMappings = () => ({
    permissions: {
      relation: Model.ManyToManyRelation,
      modelClass: Permission,
      join: {
        from: 'roles.id',
        through: {
          from: 'role_permissions.role_id',
          to: 'role_permissions.permission_id',
          extra: { assigned_restrictions: 'restrictions' },
        },
        to: 'permissions.id',
      },
    },
  });
}
