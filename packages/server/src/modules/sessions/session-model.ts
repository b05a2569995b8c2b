import { Model } from 'objection';
import { User } from '../users/user-model';

/** What a session carries besides who it belongs to. */
export interface SessionPayload {
  /** Set while an admin is logged in as this session's user ("log in as"): the admin's id, for the way back. */
  impersonator_id?: number;
  /** When the password was last confirmed in this session (ms since the epoch). */
  password_confirmed_at?: number;
  /** A login waiting for its second factor; the session has no user until the challenge is met. */
  two_factor_challenge?: {
    /** Random: the attempt limit is counted per pending login, so one login's wrong codes never hold up another. */
    id?: string;
    user_id: number;
    remember: boolean;
    /** ms since the epoch */
    expires_at: number;
    attempts: number;
  };
}

/** A row of `sessions`. The browser holds a random token; the table holds only its SHA-256. */
export class Session extends Model {
  static override tableName = 'sessions';
  static override jsonAttributes = ['payload'];

  id!: number;
  token_hash!: string;
  user_id!: number | null;
  ip_address!: string | null;
  user_agent!: string | null;
  payload!: SessionPayload;
  remember!: boolean;
  last_active!: Date;
  expires_at!: Date;
  created_at!: Date;
  /** The owner, when loaded with the session (`withGraphJoined('user')`). */
  user?: User | null;

  static override relationMappings = () => ({
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'sessions.user_id', to: 'users.id' },
    },
  });
}
