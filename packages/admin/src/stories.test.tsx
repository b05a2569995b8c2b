/// <reference types="vite/client" />
import { describeStoriesRender, type StoryModule } from '@internal/testing/stories';

describeStoriesRender('admin stories', import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true }));
