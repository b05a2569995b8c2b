/// <reference types="vite/client" />
import { describeStoriesRender, type StoryModule } from '@internal/testing/stories';

describeStoriesRender(
  'appearance stories',
  import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true }),
);
