import { boundedString, idField, idParam, optionalString, route, timestamp } from '@backline/core/contract';
import * as z from 'zod/mini';
import { Track } from '../resources';
import { BACKSTAGE_ACCESS_PERMISSION } from './backstage';

/**
 * Uploading music in backstage. The browser sends each audio file through the uploads engine (tus for large
 * files), then asks the server to read it: the server sniffs a real audio type, reads the tags with
 * music-metadata, stores the embedded cover and computes waveform peaks, all streaming from storage, and keeps a
 * draft. Publishing turns an album's drafts into an album and its tracks in one transaction. Every route needs
 * `backstage.access` and a link to the artist: anyone else, another artist included, gets 403.
 */

const TAG = 'backstage';

/** Peaks a waveform holds: one per bar the seek bar draws. */
export const WAVEFORM_PEAKS = 200;
/** Tracks one publish takes at most. */
export const PUBLISH_TRACKS_MAX = 100;
/** The album kinds (the catalogue's `music_albums.type`). */
export const ALBUM_TYPES = ['album', 'single', 'ep'] as const;

/** Answered for a file that is not audio, or audio of a kind the site cannot read. */
export const NOT_AUDIO_MESSAGE =
  'This file is not an audio file the site can read (MP3, FLAC, WAV, OGG, M4A).';
/** Answered for audio whose bytes do not decode (cut short, damaged). */
export const CORRUPT_AUDIO_MESSAGE = 'This audio file is damaged or incomplete and cannot be played.';

/** ReplayGain as tagged, in dB (gains) and linear sample values (peaks); null when the file has none. */
export const ReplayGain = z.object({
  track_gain: z.nullable(z.number()),
  track_peak: z.nullable(z.number()),
  album_gain: z.nullable(z.number()),
  album_peak: z.nullable(z.number()),
});

/** One uploaded, read file waiting to be published: what its tags said, the cover they held and its peaks. */
export const TrackDraft = z.object({
  id: z.number(),
  artist_id: z.number(),
  file_id: z.number(),
  /** The uploaded file's name (and folder), for the form's heading. */
  file_name: z.string(),
  mime: z.string(),
  size: z.number(),
  title: z.string(),
  artists: z.array(z.string()),
  album: z.nullable(z.string()),
  album_artist: z.nullable(z.string()),
  track_number: z.nullable(z.number()),
  track_total: z.nullable(z.number()),
  disc_number: z.nullable(z.number()),
  year: z.nullable(z.number()),
  genres: z.array(z.string()),
  duration_ms: z.number(),
  /** The embedded cover, stored as an image file entry of the uploader. */
  cover_id: z.nullable(z.number()),
  cover_url: z.nullable(z.string()),
  replay_gain: z.nullable(ReplayGain),
  /** `WAVEFORM_PEAKS` values in 0…1, or empty when the format is not decoded for peaks. */
  peaks: z.array(z.number()),
  created_at: timestamp,
});
export type TrackDraft = z.infer<typeof TrackDraft>;

const artistParams = z.object({ id: idParam('artist id') });

/** `POST backstage/artists/{id}/uploads`: read an uploaded file (a file entry of the caller) into a draft. */
export const analyze = route({
  method: 'POST',
  path: 'backstage/artists/{id}/uploads',
  tag: TAG,
  summary: 'Read an uploaded audio file into a track draft',
  description:
    'Sniffs the bytes for a real audio type, reads the tags and embedded cover, and computes waveform peaks ' +
    'while streaming from storage. A file that is not audio or does not decode is refused with 422 and deleted ' +
    '(its file entry and its stored bytes).',
  params: artistParams,
  body: z.object({ file_id: idField('file id') }),
  response: z.object({ draft: TrackDraft }),
  status: 201,
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** `GET backstage/artists/{id}/uploads`: the artist's drafts, oldest first. */
export const drafts = route({
  method: 'GET',
  path: 'backstage/artists/{id}/uploads',
  tag: TAG,
  summary: 'Track drafts waiting to be published',
  params: artistParams,
  response: z.object({ drafts: z.array(TrackDraft) }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/** `DELETE backstage/artists/{id}/uploads/{draft}`: drop a draft with its audio and cover. */
export const discard = route({
  method: 'DELETE',
  path: 'backstage/artists/{id}/uploads/{draft}',
  tag: TAG,
  summary: 'Discard a track draft and its files',
  params: z.object({ id: idParam('artist id'), draft: idParam('draft id') }),
  response: z.object({}),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

const notBlank = (field: string) =>
  z.refine<string>((value) => value.trim().length > 0, { message: `The ${field} field is required.` });

/** One track of a publish: its draft and the form's values. */
export const PublishTrack = z.object({
  draft_id: idField('draft id'),
  name: boundedString('name', 255).check(notBlank('name')),
  number: z.int({ error: 'The track number must be a whole number.' }).check(z.minimum(1), z.maximum(999)),
  genres: z.optional(z.array(boundedString('genre', 100)).check(z.maxLength(10, 'At most 10 genres.'))),
});

/** The album form's body. `image_id` is the cover: a draft's embedded cover or an image the user uploaded. */
export const PublishBody = z.object({
  album: z.object({
    name: boundedString('album name', 255).check(notBlank('album name')),
    type: z.enum(ALBUM_TYPES, { error: 'The type must be album, single or ep.' }),
    release_date: z.optional(
      z.nullable(
        z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'The release date must be a date (YYYY-MM-DD).')),
      ),
    ),
    description: optionalString('description', 5000),
    image_id: z.optional(z.nullable(idField('cover id'))),
  }),
  tracks: z
    .array(PublishTrack, { error: 'The tracks field must be a list.' })
    .check(
      z.minLength(1, 'Add at least one track.'),
      z.maxLength(PUBLISH_TRACKS_MAX, `At most ${PUBLISH_TRACKS_MAX} tracks.`),
    ),
});
export type PublishBody = z.infer<typeof PublishBody>;

/** `POST backstage/artists/{id}/publish`: the album and its tracks, in one transaction. */
export const publish = route({
  method: 'POST',
  path: 'backstage/artists/{id}/publish',
  tag: TAG,
  summary: 'Publish drafts as an album',
  params: artistParams,
  body: PublishBody,
  response: z.object({ album: z.object({ id: z.number(), name: z.string(), path: z.string() }) }),
  status: 201,
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/**
 * `PUT backstage/tracks/{id}/audio`: replace a published track's audio with an uploaded file (a new master, a
 * fixed mix). The file is read as an upload is (sniffed, duration, waveform peaks); the track keeps its name,
 * number, plays, likes and playlist places.
 */
export const replaceAudio = route({
  method: 'PUT',
  path: 'backstage/tracks/{id}/audio',
  tag: TAG,
  summary: "Replace a track's audio",
  description:
    'Reads the uploaded file like a new upload: a file that is not audio or does not decode is refused with 422 ' +
    'and deleted, and the track keeps its audio. Otherwise the track takes the new file, its duration and ' +
    'waveform in one transaction, and the old audio is deleted.',
  params: z.object({ id: idParam('track id') }),
  body: z.object({ file_id: idField('file id') }),
  response: z.object({ track: Track }),
  auth: true,
  permission: BACKSTAGE_ACCESS_PERMISSION,
  errors: [403, 404],
});

/**
 * `GET tracks/{id}/waveform`: the peaks computed at upload (or by the demo library's generator), for the player's
 * seek bar. A track without them (a format not decoded for peaks) answers an empty list; 404 is an unknown track.
 */
export const waveform = route({
  method: 'GET',
  path: 'tracks/{id}/waveform',
  tag: 'catalogue',
  summary: "A track's waveform peaks",
  description: 'WAVEFORM_PEAKS values in 0…1, or an empty list when the track has none.',
  params: z.object({ id: idParam('track id') }),
  response: z.object({ peaks: z.array(z.number()) }),
  permission: 'music.view',
  errors: [404],
});
