import { appearance } from '@backline/core/contract';
import type { LandingContent } from '../../../contract/landing';

/** The element the client removes once its own landing header is on screen (`dropLandingPrerender`). */
export const LANDING_PRERENDER_ID = 'landing-prerender';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const colour = (value: string | undefined) =>
  value && appearance.CSS_COLOR_PATTERN.test(value) ? value : undefined;

/**
 * The landing page's header as static HTML, sent inside the page so a visitor sees it before any script has
 * arrived: on a phone on a slow network the client's own header needs the entry script, the landing chunk and a
 * render first, about two seconds later. It repeats the client header's elements and classes (landing-page.tsx,
 * styled by landing-header.css, part of the entry stylesheet) with the search box and the two buttons
 * as empty boxes of their size, so nothing moves when the client's header takes its place. It lies over the page
 * (positioned, hidden from assistive technology, letting clicks through) until the landing page's first layout
 * effect removes it; any other first screen removes it too (app.tsx).
 *
 * Every value is the owner's appearance content: text escaped, colours only in the theme's colour syntax, and
 * the image URL stripped of quotes and backslashes as the client does.
 */
export function landingPrerender(content: LandingContent, lines: Record<string, unknown>): string {
  const t = (text: string) => {
    const line = lines[text];
    return escapeHtml(typeof line === 'string' && line ? line : text);
  };
  const first = colour(content.headerOverlayColor1);
  const second = colour(content.headerOverlayColor2);
  const overlay =
    first && second ? `linear-gradient(135deg, ${first} 0%, ${second} 100%)` : first || second || undefined;
  const opacity = Number(content.headerImageOpacity ?? 1);
  const image = content.headerImage
    ? `<div class="landing-header__image" style="background-image: url(&quot;${escapeHtml(content.headerImage.replace(/["\\]/g, ''))}&quot;); opacity: ${Number.isFinite(opacity) ? opacity : 1}"></div>`
    : '';
  const actions = content.actions.cta1?.label || content.actions.cta2?.label;
  return (
    `<div id="${LANDING_PRERENDER_ID}" class="site landing landing-prerender" aria-hidden="true">` +
    '<div class="landing-prerender__navbar"></div>' +
    '<header class="landing-header">' +
    image +
    (overlay
      ? `<div class="landing-header__overlay" style="background: ${escapeHtml(overlay)}"></div>`
      : '') +
    '<div class="landing-header__content">' +
    `<h1 class="landing-header__title">${t(content.headerTitle)}</h1>` +
    (content.headerSubtitle ? `<p class="landing-header__subtitle">${t(content.headerSubtitle)}</p>` : '') +
    '<div class="landing-search landing-prerender__search"></div>' +
    (actions ? '<div class="landing-header__actions landing-prerender__actions"></div>' : '') +
    '</div></header></div>'
  );
}
