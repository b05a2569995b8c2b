import { Model } from 'objection';

/** A row of `social_profiles`: one provider account linked to one user (never any token). */
export class SocialProfile extends Model {
  static override tableName = 'social_profiles';

  id!: number;
  user_id!: number;
  service_name!: string;
  /** The provider's own user id. */
  user_service_id!: string;
  username!: string | null;
  created_at!: Date;
  updated_at!: Date;
}

/** A profile as a user resource lists it (`social_profiles`). */
export function serializeSocialProfile(profile: SocialProfile) {
  return {
    id: profile.id,
    service_name: profile.service_name,
    username: profile.username,
    created_at: profile.created_at,
  };
}
