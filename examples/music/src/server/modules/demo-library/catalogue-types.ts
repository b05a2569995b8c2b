/**
 * What the demo library generator (`./generate`, built on its own branch) answers, as the team's interface
 * fixes it: the seed reads only these fields.
 */
export interface DemoGenre {
  name: string;
  displayName: string;
  /** Absolute path to a JPEG. */
  image: string;
}
export interface DemoTrack {
  name: string;
  number: number;
  durationMs: number;
  /** Absolute path to an MP3. */
  file: string;
  genres: string[];
  artistKeys: string[];
}
export interface DemoAlbum {
  key: string;
  name: string;
  type: 'album' | 'single' | 'ep';
  /** `YYYY-MM-DD` */
  releaseDate: string;
  description: string;
  cover: string;
  artistKeys: string[];
  tracks: DemoTrack[];
}
export interface DemoArtist {
  key: string;
  name: string;
  verified: boolean;
  bio: string;
  genres: string[];
  links: { url: string; title: string }[];
  image: string;
}
export interface DemoPlaylist {
  name: string;
  description: string;
  cover: string;
  trackRefs: { albumKey: string; number: number }[];
}
export interface DemoCatalogue {
  genres: DemoGenre[];
  artists: DemoArtist[];
  albums: DemoAlbum[];
  playlists: DemoPlaylist[];
}
export type GenerateDemoLibrary = (opts: {
  outDir: string;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}) => Promise<DemoCatalogue>;
