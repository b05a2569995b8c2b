import { defineModule } from '@backline/server';

/** The brand's colours. Only base colours: the derived tokens (hover, pressed, borders) are mixed from them. */
const OCEAN_LIGHT = {
  '--bl-bg': '#f7fbfc',
  '--bl-bg-alt': '#e8f1f4',
  '--bl-bg-elevated': '#ffffff',
  '--bl-fg': '#0b1f2a',
  '--bl-fg-muted': '#46606e',
  '--bl-border': '#c5d6de',
  '--bl-primary': '#006d8f',
  '--bl-primary-fg': '#ffffff',
  '--bl-danger': '#b42318',
  '--bl-positive': '#067647',
  '--bl-focus': '#006d8f',
};

const OCEAN_DARK = {
  ...OCEAN_LIGHT,
  '--bl-bg': '#0a161c',
  '--bl-bg-alt': '#10222b',
  '--bl-bg-elevated': '#152a35',
  '--bl-fg': '#e6f1f5',
  '--bl-fg-muted': '#9fb7c2',
  '--bl-border': '#2c4654',
  '--bl-primary': '#5cc8ea',
  '--bl-primary-fg': '#04212c',
  '--bl-focus': '#5cc8ea',
};

/**
 * Gives a new site the brand's themes. A migration runs once per database, so this sets the starting point and
 * site owners keep editing the themes in the appearance editor afterwards; a change to the colours here reaches
 * an existing site only through a new migration.
 */
export const brandThemeModule = () =>
  defineModule({
    id: 'brand-theme',
    migrations: {
      '001-ocean-themes': {
        async up(knex) {
          // The core module seeded one default light and one default dark theme; repaint both in place, so the
          // light/dark toggle and `themes.default_id` keep pointing at them.
          await knex('themes')
            .where({ default_light: true })
            .update({ name: 'Ocean', colors: JSON.stringify(OCEAN_LIGHT) });
          await knex('themes')
            .where({ default_dark: true })
            .update({ name: 'Ocean night', colors: JSON.stringify(OCEAN_DARK) });
        },
      },
    },
  });
