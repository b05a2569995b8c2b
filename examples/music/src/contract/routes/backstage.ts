import {
  boundedString,
  idField,
  idParam,
  listQuery,
  optionalString,
  paginated,
  route,
  timestamp,
} from '@backline/core/contract';
import * as z from 'zod/mini';
import { Artist } from '../resources';

/**
 * Backstage (signed-in users) and its admin side: a listener asks to become an artist (a new profile, or
 * claiming an existing one); an admin with `artists.manage` approves or rejects; an approved user holds the
 * `artist` role (`backstage.access`) and edits the artists they are linked to. Editing an artist needs both the
 * permission and the link: any other user, another artist included, gets 403.
 */

const TAG = 'backstage';

/** Manage your own artist in backstage (the `artist` role holds it). */
export const BACKSTAGE_ACCESS_PERMISSION = 'backstage.access';
/** Review artist requests in the admin area. */
export const ARTISTS_MANAGE_PERMISSION = 'artists.manage';
/** The role an approved request gives. */
export const ARTIST_ROLE = 'artist';

/** A request's kinds and states. */
export const ARTIST_REQUEST_TYPES = ['create', 'claim'] as const;
export const ARTIST_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Links an artist (or a request) lists at most. */
export const ARTIST_LINKS_MAX = 10;
/** Genres an artist lists at most. */
export const ARTIST_GENRES_MAX = 10;

const notBlank = (field: string) =>
  z.refine<string>((value) => value.trim().length > 0, { message: `The ${field} field is required.` });

/** An http(s) URL of at most 2000 characters. */
const url = z.string({ error: 'Each link must be a web address.' }).check(
  z.maxLength(2000, 'A link must not be greater than 2000 characters.'),
  z.refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value.trim()), {
    message: 'Each link must be a web address starting with http:// or https://.',
  }),
);

const links = z.optional(
  z
    .array(z.object({ url, title: z.optional(optionalString('link title', 100)) }), {
      error: 'The links field must be a list.',
    })
    .check(z.maxLength(ARTIST_LINKS_MAX, `At most ${ARTIST_LINKS_MAX} links.`)),
);

/** One request to become an artist, as its author and the admin see it. */
export const ArtistRequest = z.object({
  id: z.number(),
  type: z.enum(ARTIST_REQUEST_TYPES),
  status: z.enum(ARTIST_REQUEST_STATUSES),
  name: z.string(),
  links: z.array(z.object({ url: z.string(), title: z.string() })),
  proof: z.string(),
  image_id: z.nullable(z.number()),
  /** The artist claimed (claim) or made (an approved create); null for a pending create. */
  artist: z.nullable(z.object({ id: z.number(), name: z.string(), path: z.string() })),
  reason: z.nullable(z.string()),
  user: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  created_at: timestamp,
  reviewed_at: z.nullable(timestamp),
});
export type ArtistRequest = z.infer<typeof ArtistRequest>;

/** `GET backstage`: the backstage home: the user's latest request and the artists they manage. */
export const home = route({
  method: 'GET',
  path: 'backstage',
  tag: TAG,
  summary: 'Backstage home: your artist request and artists',
  response: z.object({ request: z.nullable(ArtistRequest), artists: z.array(Artist) }),
  auth: true,
});

/** The request form's body. `artist_id` names the artist to claim and is required for a claim. */
export const ArtistRequestBody = z.object({
  type: z.enum(ARTIST_REQUEST_TYPES, { error: 'The type must be create or claim.' }),
  artist_id: z.optional(z.nullable(idField('artist id'))),
  name: boundedString('name', 255).check(notBlank('name')),
  links,
  proof: boundedString('proof', 1000).check(notBlank('proof')),
  image_id: z.optional(z.nullable(idField('image id'))),
});
export type ArtistRequestBody = z.infer<typeof ArtistRequestBody>;

/** `POST backstage/artist-requests`: one open request per user (a second answers 422). */
export const createRequest = route({
  method: 'POST',
  path: 'backstage/artist-requests',
  tag: TAG,
  summary: 'Ask to become an artist (new profile or claim)',
  body: ArtistRequestBody,
  response: z.object({ request: ArtistRequest }),
  status: 201,
  auth: true,
});

const artistId = z.object({ id: idParam('artist id') });

/** `GET backstage/artists/{id}`: an artist the user manages (403 for anyone not linked to it). */
export const showArtist = route({
  method: 'GET',
  path: 'backstage/artists/{id}',
  tag: TAG,
  summary: 'An artist you manage',
  params: artistId,
  response: z.object({ artist: Artist }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** The profile form's body; `genres` are genre names (new ones are created). */
export const ArtistProfileBody = z.object({
  name: boundedString('name', 255).check(notBlank('name')),
  bio: optionalString('bio', 5000),
  image_id: z.optional(z.nullable(idField('image id'))),
  links,
  genres: z.optional(
    z
      .array(boundedString('genre', 100).check(notBlank('genre')), {
        error: 'The genres field must be a list.',
      })
      .check(z.maxLength(ARTIST_GENRES_MAX, `At most ${ARTIST_GENRES_MAX} genres.`)),
  ),
});
export type ArtistProfileBody = z.infer<typeof ArtistProfileBody>;

/** `PUT backstage/artists/{id}`: name, bio, image, links and genres (linked users only). */
export const updateArtist = route({
  method: 'PUT',
  path: 'backstage/artists/{id}',
  tag: TAG,
  summary: 'Edit an artist you manage',
  params: artistId,
  body: ArtistProfileBody,
  response: z.object({ artist: Artist }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** `GET admin/artist-requests`: the admin's list (search by name or email, filter by status). */
export const listRequests = route({
  method: 'GET',
  path: 'admin/artist-requests',
  tag: TAG,
  summary: 'List artist requests (admin)',
  query: listQuery(['created_at', 'name', 'status'] as const, {
    status: z.optional(
      z.enum(ARTIST_REQUEST_STATUSES, { error: 'The status must be pending, approved or rejected.' }),
    ),
  }),
  response: paginated(ArtistRequest),
  auth: true,
  permission: ARTISTS_MANAGE_PERMISSION,
});

const requestId = z.object({ id: idParam('request id') });

/** `POST admin/artist-requests/{id}/approve`: links the user to the artist and gives them the artist role. */
export const approveRequest = route({
  method: 'POST',
  path: 'admin/artist-requests/{id}/approve',
  tag: TAG,
  summary: 'Approve an artist request (admin)',
  params: requestId,
  response: z.object({ request: ArtistRequest }),
  auth: true,
  permission: ARTISTS_MANAGE_PERMISSION,
  errors: [404],
});

/** `POST admin/artist-requests/{id}/reject`: closes the request with a reason the user sees. */
export const rejectRequest = route({
  method: 'POST',
  path: 'admin/artist-requests/{id}/reject',
  tag: TAG,
  summary: 'Reject an artist request (admin)',
  params: requestId,
  body: z.object({ reason: boundedString('reason', 1000).check(notBlank('reason')) }),
  response: z.object({ request: ArtistRequest }),
  auth: true,
  permission: ARTISTS_MANAGE_PERMISSION,
  errors: [404],
});
