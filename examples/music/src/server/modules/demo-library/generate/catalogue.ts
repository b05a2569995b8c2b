import type { CoverStyle } from './cover';
import type { StyleName } from './synth';

/**
 * The demo catalogue's plan: invented artists, their releases and the playlists built from them. Every name,
 * bio and link here is made up; the links point at example.com so nothing real is ever implied.
 */

export interface PlannedGenre {
  name: string;
  displayName: string;
  style: StyleName;
  cover: CoverStyle;
}

export const GENRES: PlannedGenre[] = [
  { name: 'electronic', displayName: 'Electronic', style: 'electronic', cover: 'sun' },
  { name: 'lofi', displayName: 'Lo-fi Beats', style: 'lofi', cover: 'waves' },
  { name: 'ambient', displayName: 'Ambient', style: 'ambient', cover: 'circles' },
  { name: 'indie-rock', displayName: 'Indie Rock', style: 'indie-rock', cover: 'stripes' },
  { name: 'jazz', displayName: 'Jazz', style: 'jazz', cover: 'rings' },
  { name: 'folk', displayName: 'Folk', style: 'folk', cover: 'waves' },
  { name: 'chiptune', displayName: 'Chiptune', style: 'chiptune', cover: 'grid' },
];

export interface PlannedArtist {
  key: string;
  name: string;
  verified: boolean;
  bio: string;
  genres: string[];
  links: { url: string; title: string }[];
}

const links = (slug: string) => [
  { url: `https://${slug}.example.com`, title: 'Official site' },
  { url: `https://video.example.com/@${slug}`, title: 'Videos' },
];

export const ARTISTS: PlannedArtist[] = [
  {
    key: 'nova-lantern',
    name: 'Nova Lantern',
    verified: true,
    bio: 'Nova Lantern builds night-drive electronica from analogue arpeggios and four-on-the-floor kicks, recorded in a converted lighthouse workshop.',
    genres: ['electronic'],
    links: links('nova-lantern'),
  },
  {
    key: 'paper-orchards',
    name: 'The Paper Orchards',
    verified: true,
    bio: 'A four-piece folk band from a valley town, known for finger-picked guitars, close harmonies and songs about small harvests.',
    genres: ['folk'],
    links: links('paper-orchards'),
  },
  {
    key: 'mira-castellane',
    name: 'Mira Castellane',
    verified: true,
    bio: 'Pianist and composer Mira Castellane leads a late-night trio where walking bass and brushed drums meet Rhodes chords.',
    genres: ['jazz'],
    links: links('mira-castellane'),
  },
  {
    key: 'low-tide-collective',
    name: 'Low Tide Collective',
    verified: false,
    bio: 'Beats to study, cook and wait for the rain to stop to: Low Tide Collective is two producers trading tapes across an ocean.',
    genres: ['lofi', 'jazz'],
    links: links('low-tide'),
  },
  {
    key: 'static-bloom',
    name: 'Static Bloom',
    verified: true,
    bio: 'Static Bloom play loud, bright indie rock with double-tracked guitars and choruses written for small, sweaty rooms.',
    genres: ['indie-rock'],
    links: links('static-bloom'),
  },
  {
    key: 'pixel-harbor',
    name: 'Pixel Harbor',
    verified: false,
    bio: 'Pixel Harbor writes square-wave anthems for games that were never made, on a tracker running on a very old laptop.',
    genres: ['chiptune', 'electronic'],
    links: links('pixel-harbor'),
  },
  {
    key: 'aurelia-voss',
    name: 'Aurelia Voss',
    verified: true,
    bio: 'Sound artist Aurelia Voss makes slow ambient suites from bells, drones and long reverbs, often recorded in one continuous take.',
    genres: ['ambient', 'electronic'],
    links: links('aurelia-voss'),
  },
  {
    key: 'juniper-and-ash',
    name: 'Juniper & Ash',
    verified: false,
    bio: 'A duo of cousins singing over banjo-like plucks and soft percussion, somewhere between campfire folk and bedroom pop.',
    genres: ['folk', 'indie-rock'],
    links: links('juniper-and-ash'),
  },
  {
    key: 'quiet-machines',
    name: 'Quiet Machines',
    verified: false,
    bio: 'Quiet Machines is a one-person studio project of gentle electronics, lo-fi drums and glassy pads for the hours after midnight.',
    genres: ['electronic', 'ambient', 'lofi'],
    links: links('quiet-machines'),
  },
];

export interface PlannedTrack {
  name: string;
  genre: string;
  /** Extra artists featured on the track besides the album's. */
  featuring?: string[];
  /** Overrides the album's artists (compilations). */
  artists?: string[];
}

export interface PlannedAlbum {
  key: string;
  name: string;
  type: 'album' | 'single' | 'ep';
  releaseDate: string;
  description: string;
  artistKeys: string[];
  cover: CoverStyle;
  tracks: PlannedTrack[];
}

const t = (genre: string, ...names: string[]): PlannedTrack[] => names.map((name) => ({ name, genre }));

export const ALBUMS: PlannedAlbum[] = [
  {
    key: 'neon-cartography',
    name: 'Neon Cartography',
    type: 'album',
    releaseDate: '2019-03-15',
    description:
      'A map of a city drawn only in streetlights: the debut album, six tracks of arpeggios and late trains.',
    artistKeys: ['nova-lantern'],
    cover: 'sun',
    tracks: t(
      'electronic',
      'Grid Lines',
      'Overpass',
      'Signal Lost',
      'Harbour Lights',
      'Midnight Index',
      'Last Stop',
    ),
  },
  {
    key: 'afterglow-transit',
    name: 'Afterglow Transit',
    type: 'ep',
    releaseDate: '2023-06-02',
    description: 'Four tracks for the ride home, written on a tour bus between two summer festivals.',
    artistKeys: ['nova-lantern'],
    cover: 'waves',
    tracks: [
      ...t('electronic', 'Departure Board', 'Tunnel Vision'),
      { name: 'Sodium Glow', genre: 'electronic', featuring: ['quiet-machines'] },
      ...t('electronic', 'Arrivals'),
    ],
  },
  {
    key: 'signal-fires',
    name: 'Signal Fires',
    type: 'single',
    releaseDate: '2025-02-14',
    description: 'Nova Lantern and Aurelia Voss meet halfway between the dance floor and the drone.',
    artistKeys: ['nova-lantern', 'aurelia-voss'],
    cover: 'circles',
    tracks: [{ name: 'Signal Fires', genre: 'electronic' }],
  },
  {
    key: 'songs-from-the-orchard',
    name: 'Songs from the Orchard',
    type: 'album',
    releaseDate: '2016-09-23',
    description: 'Recorded in a barn over one autumn weekend, with the doors open and the apples falling.',
    artistKeys: ['paper-orchards'],
    cover: 'waves',
    tracks: t(
      'folk',
      'Windfall',
      'The Long Field',
      'Cider Press',
      'Two Crows',
      'Hollow Lane',
      'Lantern Song',
    ),
  },
  {
    key: 'lanterns-in-the-barley',
    name: 'Lanterns in the Barley',
    type: 'ep',
    releaseDate: '2021-04-09',
    description: 'A spring EP of new songs and one old favourite, played with Juniper & Ash.',
    artistKeys: ['paper-orchards'],
    cover: 'circles',
    tracks: [
      ...t('folk', 'First Thaw', 'Barley Moon'),
      { name: 'Kindling', genre: 'folk', featuring: ['juniper-and-ash'] },
      ...t('folk', 'Gatepost'),
    ],
  },
  {
    key: 'blue-hour-sessions',
    name: 'Blue Hour Sessions',
    type: 'album',
    releaseDate: '2018-11-02',
    description: 'Live in the studio, no overdubs: the trio at the hour when the city turns blue.',
    artistKeys: ['mira-castellane'],
    cover: 'rings',
    tracks: t(
      'jazz',
      'Blue Hour',
      'Tram No. 9',
      'Umbrella Waltz',
      'Slow Burn',
      'Rooftop Swing',
      'Good Night, Alder Street',
    ),
  },
  {
    key: 'late-tram',
    name: 'Late Tram',
    type: 'single',
    releaseDate: '2024-10-11',
    description: 'A single and its B-side, cut on the last night of a residency.',
    artistKeys: ['mira-castellane'],
    cover: 'stripes',
    tracks: [
      { name: 'Late Tram', genre: 'jazz' },
      { name: 'Late Tram (Low Tide Remix)', genre: 'lofi', featuring: ['low-tide-collective'] },
    ],
  },
  {
    key: 'rainy-window-tapes',
    name: 'Rainy Window Tapes',
    type: 'album',
    releaseDate: '2020-01-17',
    description: 'Six loops sent back and forth on cassette, each one finished by the other producer.',
    artistKeys: ['low-tide-collective'],
    cover: 'waves',
    tracks: t(
      'lofi',
      'Kettle On',
      'Window Seat',
      'Paper Cranes',
      'Sunday Laundry',
      'Streetlamp Study',
      'Fogged Glass',
    ),
  },
  {
    key: 'paper-planes-and-power-lines',
    name: 'Paper Planes & Power Lines',
    type: 'album',
    releaseDate: '2017-05-26',
    description: 'The first Static Bloom record: five songs, three chords each, no regrets.',
    artistKeys: ['static-bloom'],
    cover: 'stripes',
    tracks: t('indie-rock', 'Power Lines', 'Paper Planes', 'Weekend Static', 'Bright Side Road', 'Fuse Box'),
  },
  {
    key: 'overdrive-weather',
    name: 'Overdrive Weather',
    type: 'ep',
    releaseDate: '2022-08-19',
    description: 'Three loud songs about heatwaves and broken fans.',
    artistKeys: ['static-bloom'],
    cover: 'sun',
    tracks: [
      ...t('indie-rock', 'Heat Index', 'Thunder Season'),
      { name: 'Broken Fan', genre: 'indie-rock', featuring: ['juniper-and-ash'] },
    ],
  },
  {
    key: 'eight-bit-harbor',
    name: '8-Bit Harbor',
    type: 'album',
    releaseDate: '2019-08-30',
    description: 'A soundtrack for a harbour town that only exists in sixteen colours.',
    artistKeys: ['pixel-harbor'],
    cover: 'grid',
    tracks: t(
      'chiptune',
      'Start Screen',
      'Dockside Dash',
      'Lighthouse Level',
      'Boss at Low Tide',
      'Continue?',
    ),
  },
  {
    key: 'tidal-suite',
    name: 'Tidal Suite',
    type: 'album',
    releaseDate: '2021-12-03',
    description:
      'One tide in five movements. "Undertow" is a single take split in two: play it gapless and the seam disappears.',
    artistKeys: ['aurelia-voss'],
    cover: 'circles',
    tracks: t('ambient', 'Slack Water', 'Flood', 'Undertow, Part I', 'Undertow, Part II', 'Ebb'),
  },
  {
    key: 'hearth-and-hollow',
    name: 'Hearth & Hollow',
    type: 'ep',
    releaseDate: '2023-10-20',
    description: 'Songs for the first cold evening of the year.',
    artistKeys: ['juniper-and-ash'],
    cover: 'rings',
    tracks: [...t('folk', 'Woodsmoke', 'Hollow Oak', 'Porch Light'), ...t('indie-rock', 'Cold Snap')],
  },
  {
    key: 'low-power-mode',
    name: 'Low Power Mode',
    type: 'album',
    releaseDate: '2024-03-08',
    description: 'Gentle machines, dimmed screens: music for the battery at five per cent.',
    artistKeys: ['quiet-machines'],
    cover: 'grid',
    tracks: [
      ...t('electronic', 'Standby'),
      ...t('ambient', 'Screen Dim'),
      ...t('lofi', 'Sleep Timer'),
      { name: 'Night Shift', genre: 'ambient', featuring: ['aurelia-voss'] },
      ...t('electronic', 'Wake on LAN'),
    ],
  },
  {
    key: 'backline-sessions-vol-1',
    name: 'Backline Sessions, Vol. 1',
    type: 'album',
    releaseDate: '2025-06-20',
    description:
      'Every artist on the label, one new track each, recorded live in the same room over two days.',
    artistKeys: ['nova-lantern', 'paper-orchards', 'mira-castellane', 'static-bloom', 'pixel-harbor'],
    cover: 'stripes',
    tracks: [
      { name: 'Room Tone', genre: 'ambient', artists: ['aurelia-voss'] },
      { name: 'Soundcheck', genre: 'indie-rock', artists: ['static-bloom'] },
      { name: 'Green Room Waltz', genre: 'jazz', artists: ['mira-castellane', 'low-tide-collective'] },
      { name: 'Cable Run', genre: 'electronic', artists: ['nova-lantern'] },
      { name: 'Loading Dock', genre: 'chiptune', artists: ['pixel-harbor'] },
      { name: 'Encore (Unplugged)', genre: 'folk', artists: ['paper-orchards', 'juniper-and-ash'] },
    ],
  },
];

/**
 * Two consecutive tracks cut from one continuous piece, the cut deliberately off any MP3 frame boundary, so a
 * gapless player has something to prove itself on: played back to back the seam must not be heard.
 */
export const DEMO_GAPLESS_PAIR = { albumKey: 'tidal-suite', numbers: [3, 4] as const };

export interface PlannedPlaylist {
  name: string;
  description: string;
  cover: CoverStyle;
  /** Genres the playlist draws from, and how many tracks it takes. */
  genres: string[];
  size: number;
}

export const PLAYLISTS: PlannedPlaylist[] = [
  {
    name: 'Focus Flow',
    description: 'Ambient and lo-fi for deep work: no words, no surprises.',
    cover: 'circles',
    genres: ['ambient', 'lofi'],
    size: 10,
  },
  {
    name: 'Night Drive',
    description: 'Arpeggios, streetlights and the long way home.',
    cover: 'sun',
    genres: ['electronic', 'chiptune'],
    size: 10,
  },
  {
    name: 'Sunday Morning',
    description: 'Coffee, acoustic guitars and a trio playing quietly in the corner.',
    cover: 'waves',
    genres: ['folk', 'jazz'],
    size: 9,
  },
  {
    name: 'Garage Anthems',
    description: 'Loud guitars and louder choruses from the demo label.',
    cover: 'stripes',
    genres: ['indie-rock', 'folk'],
    size: 8,
  },
  {
    name: 'The Whole Label',
    description: 'A bit of everything: one pass through every genre in the demo library.',
    cover: 'grid',
    genres: ['electronic', 'lofi', 'ambient', 'indie-rock', 'jazz', 'folk', 'chiptune'],
    size: 14,
  },
];
