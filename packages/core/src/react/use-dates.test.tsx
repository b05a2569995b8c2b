import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createBootstrapStore, EMPTY_BOOTSTRAP } from '../bootstrap/bootstrap-store';
import type { BootstrapData } from '../bootstrap/types';
import { BacklineProvider } from './provider';
import { useDates } from './use-dates';

// 23:30 UTC on June 15 is June 16 in Tokyo.
const moment = '2026-06-15T23:30:00Z';

function Probe() {
  const dates = useDates();
  return (
    <p>
      {dates.timezone ?? 'runtime'}|{dates.locale}|{dates.format(moment)}
    </p>
  );
}

const render = (data: BootstrapData) =>
  renderToString(
    <BacklineProvider store={createBootstrapStore(data)}>
      <Probe />
    </BacklineProvider>,
  ).replace(/<!-- -->/g, '');

describe('useDates()', () => {
  it("formats in the user's timezone and the site language", () => {
    const data: BootstrapData = {
      ...EMPTY_BOOTSTRAP,
      user: { id: 1, email: 'a@example.com', timezone: 'Asia/Tokyo' },
      settings: { dates: { default_timezone: 'America/New_York' } },
      i18n: { language: 'en', lines: {} },
    };
    expect(render(data)).toContain('Asia/Tokyo|en|Jun 16, 2026');
  });

  it('falls back to dates.default_timezone for visitors', () => {
    const data: BootstrapData = {
      ...EMPTY_BOOTSTRAP,
      settings: { dates: { default_timezone: 'America/New_York' } },
      i18n: { language: 'es', lines: {} },
    };
    expect(render(data)).toContain('America/New_York|es|15 jun 2026');
  });
});
