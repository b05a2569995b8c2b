/**
 * What the demo library generator answers, as the seed reads it. The types are the generator's own
 * (`./generate`); this module imports them type-only, so the seed never loads the generator until it runs it.
 */
import type { DemoCatalogue, generateDemoLibrary } from './generate/index';

export type {
  DemoAlbum,
  DemoArtist,
  DemoCatalogue,
  DemoGenre,
  DemoPlaylist,
  DemoTrack,
} from './generate/index';

/** The generator's signature: the seed takes any function of this shape (tests pass a small fixture). */
export type GenerateDemoLibrary = (
  options: Parameters<typeof generateDemoLibrary>[0],
) => Promise<DemoCatalogue>;
