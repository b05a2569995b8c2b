/**
 * Every story of a package renders (server-side, without its play function): the fixtures, decorators and args
 * fit the components, so the Storybook build and its axe run start from stories that work. Each package passes
 * its own `import.meta.glob('./**\/*.stories.tsx', { eager: true })`, since a glob is resolved per file.
 */
import { createI18n } from '@backline/ui';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

type Decorator = (story: () => ReactNode, context: Record<string, unknown>) => ReactNode;
export interface StoryModule {
  default: {
    title: string;
    component?: ComponentType<Record<string, unknown>>;
    args?: Record<string, unknown>;
    parameters?: Record<string, unknown>;
    decorators?: Decorator[];
  };
  [name: string]: unknown;
}
interface Story {
  args?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  render?: (args: Record<string, unknown>) => ReactNode;
}

export function describeStoriesRender(label: string, modules: Record<string, StoryModule>): void {
  describe(label, () => {
    it('finds the stories', () => {
      expect(Object.keys(modules).length).toBeGreaterThan(0);
    });
    for (const [file, module] of Object.entries(modules)) {
      const meta = module.default;
      for (const [name, value] of Object.entries(module)) {
        if (name === 'default') continue;
        const story = value as Story;
        it(`${meta.title} / ${name} renders`, () => {
          const args = { ...meta.args, ...story.args };
          const parameters = { ...meta.parameters, ...story.parameters };
          const Component = meta.component;
          const render = () =>
            story.render ? story.render(args) : Component ? <Component {...args} /> : null;
          const decorated = (meta.decorators ?? []).reduce<() => ReactNode>(
            (inner, decorator) => () =>
              decorator(inner, { id: `${file}-${name}`, args, parameters, globals: {} }),
            render,
          );
          const html = renderToString(
            <I18nextProvider i18n={createI18n({ language: 'en', lines: {} })}>{decorated()}</I18nextProvider>,
          );
          expect(html.length).toBeGreaterThan(0);
        });
      }
    }
  });
}
