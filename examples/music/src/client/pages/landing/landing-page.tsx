import { isHttpError } from '@backline/core';
import { useHttp, useSettings } from '@backline/core/react';
import { Button, ButtonLink, Footer, Navbar, Skeleton, TextField } from '@backline/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { catalogue, DEFAULT_LANDING_CONTENT, type LandingContent, TRENDING_LIMIT } from '../../../contract';
import { PlayIcon, SearchIcon } from '../../music/icons';
import { useDropLandingPrerender } from '../../shell/landing-prerender';
import { useSiteChrome } from '../../shell/use-site-chrome';
import './landing-page.css';

/** How many placeholder tiles the trending grid shows while it loads. */
export const TRENDING_SKELETONS = 8;

/** A call to action: a route in the site, or an external link (opened in a new tab). */
export interface LandingAction {
  label: string;
  type?: 'route' | 'link' | string;
  action: string;
  icon?: string;
}

/** The landing content from `homepage.appearance`, each part the owner left out filled from the defaults. */
export function useLandingContent(): LandingContent {
  const saved = useSettings<Partial<LandingContent> | null>('homepage.appearance', null) ?? {};
  return {
    ...DEFAULT_LANDING_CONTENT,
    ...saved,
    actions: { ...DEFAULT_LANDING_CONTENT.actions, ...(saved.actions ?? {}) },
  };
}

const ICONS: Record<string, ReactNode> = { play: <PlayIcon size={18} />, search: <SearchIcon size={18} /> };
const external = (action: LandingAction) => action.type === 'link' || /^https?:\/\//i.test(action.action);

function ActionButton({
  action,
  variant,
}: {
  action?: LandingAction | null;
  variant: 'primary' | 'outline';
}) {
  const { t } = useTranslation();
  if (!action?.label || !action.action) return null;
  return (
    <ButtonLink
      href={action.action}
      variant={variant}
      size="lg"
      className="landing__cta"
      {...(external(action) && { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {action.icon ? ICONS[action.icon] : null}
      {t(action.label)}
    </ButtonLink>
  );
}

function LandingHeader({ content }: { content: LandingContent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { actions } = content;
  const overlay =
    content.headerOverlayColor1 && content.headerOverlayColor2
      ? `linear-gradient(135deg, ${content.headerOverlayColor1} 0%, ${content.headerOverlayColor2} 100%)`
      : content.headerOverlayColor1 || content.headerOverlayColor2 || undefined;
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (query) navigate(`/search/${encodeURIComponent(query)}`);
  };
  return (
    <header className="landing-header">
      {content.headerImage ? (
        <div
          className="landing-header__image"
          style={{
            backgroundImage: `url("${content.headerImage.replace(/["\\]/g, '')}")`,
            opacity: Number(content.headerImageOpacity ?? 1),
          }}
          aria-hidden="true"
        />
      ) : null}
      {overlay ? (
        <div className="landing-header__overlay" style={{ background: overlay }} aria-hidden="true" />
      ) : null}
      <div className="landing-header__content">
        <h1 className="landing-header__title">{t(content.headerTitle)}</h1>
        {content.headerSubtitle ? (
          <p className="landing-header__subtitle">{t(content.headerSubtitle)}</p>
        ) : null}
        <search className="landing-search-region">
          <form className="landing-search" onSubmit={onSearch}>
            <TextField
              aria-label={t('Search')}
              type="search"
              name="query"
              placeholder={actions.inputText ? t(actions.inputText) : undefined}
              value={text}
              onChange={setText}
              startAdornment={<SearchIcon size={18} />}
              className="landing-search__field"
            />
            <Button type="submit" size="lg">
              {t('Search')}
            </Button>
          </form>
        </search>
        <div className="landing-header__actions">
          <ActionButton action={actions.cta1} variant="primary" />
          <ActionButton action={actions.cta2} variant="outline" />
        </div>
      </div>
    </header>
  );
}

function PrimaryFeatures({ features }: { features: LandingContent['primaryFeatures'] }) {
  const { t } = useTranslation();
  if (!features?.length) return null;
  return (
    <section className="landing-section landing-primary" aria-label={t('Features')}>
      <ul className="landing-primary__grid">
        {features.map((feature) => (
          <li key={feature.title} className="landing-primary__card">
            {feature.image ? (
              <img src={feature.image} alt="" width="96" height="96" loading="lazy" decoding="async" />
            ) : null}
            <h2 className="landing-primary__title">{t(feature.title)}</h2>
            {feature.subtitle ? <p className="landing-primary__subtitle">{t(feature.subtitle)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SecondaryFeatures({ features }: { features: LandingContent['secondaryFeatures'] }) {
  const { t } = useTranslation();
  if (!features?.length) return null;
  return (
    <div className="landing-secondary">
      {features.map((feature, index) => (
        <section
          key={feature.title}
          className="landing-section landing-secondary__row"
          data-reverse={index % 2 === 1 || undefined}
        >
          {feature.image ? (
            <img
              src={feature.image}
              alt=""
              width="480"
              height="360"
              loading="lazy"
              decoding="async"
              className="landing-secondary__image"
            />
          ) : null}
          <div className="landing-secondary__text">
            {feature.subtitle ? <p className="landing-secondary__subtitle">{t(feature.subtitle)}</p> : null}
            <h2 className="landing-secondary__title">{t(feature.title)}</h2>
            {feature.description ? (
              <p className="landing-secondary__description">{t(feature.description)}</p>
            ) : null}
          </div>
        </section>
      ))}
    </div>
  );
}

/** `GET landing/artists`: trending artists, at most 30. */
function useLandingArtists() {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'landing-artists'],
    queryFn: () => http.call(catalogue.landingArtists),
  });
}

function TrendingArtists() {
  const { t } = useTranslation();
  const site = useSettings<string>('branding.site_name', '');
  const query = useLandingArtists();
  // Someone who may not browse the catalogue (the guests role lost music.view) gets no section at all.
  if (query.error && isHttpError(query.error) && query.error.status === 403) return null;
  const artists = (query.data?.artists ?? []).slice(0, TRENDING_LIMIT);
  if (query.isSuccess && !artists.length) return null;
  const heading = t('Currently trending artists on :site', { site });
  return (
    <section className="landing-section landing-trending" aria-labelledby="landing-trending-heading">
      <h2 id="landing-trending-heading" className="landing-section__title">
        {heading}
      </h2>
      {query.isPending ? (
        <div className="landing-trending__grid" role="status" aria-busy="true" aria-label={t('Loading...')}>
          {Array.from({ length: TRENDING_SKELETONS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={index} className="landing-artist" data-skeleton="">
              <Skeleton variant="circle" className="landing-artist__image" />
              <Skeleton width="70%" />
            </div>
          ))}
        </div>
      ) : (
        <ul className="landing-trending__grid" aria-labelledby="landing-trending-heading">
          {artists.map((artist) => (
            <li key={artist.id} className="landing-artist">
              <a href={artist.path} className="landing-artist__link">
                <img
                  src={artist.image_small || artist.albums?.[0]?.image || '/images/default-artist.svg'}
                  alt=""
                  width="160"
                  height="160"
                  loading="lazy"
                  decoding="async"
                  className="landing-artist__image"
                />
                <span className="landing-artist__name">{artist.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FooterBanner({ content }: { content: LandingContent }) {
  const { t } = useTranslation();
  if (!content.footerTitle) return null;
  return (
    <section className="landing-banner" aria-labelledby="landing-banner-title">
      {content.footerImage ? (
        <img
          src={content.footerImage}
          alt=""
          width="1200"
          height="400"
          loading="lazy"
          decoding="async"
          className="landing-banner__image"
        />
      ) : null}
      <div className="landing-banner__content">
        <h2 id="landing-banner-title" className="landing-banner__title">
          {t(content.footerTitle)}
        </h2>
        {content.footerSubtitle ? (
          <p className="landing-banner__subtitle">{t(content.footerSubtitle)}</p>
        ) : null}
        <ActionButton action={content.actions.cta3} variant="primary" />
      </div>
    </section>
  );
}

export interface LandingPageProps {
  /**
   * The plans, when billing brings them: shown under the pricing title only if `homepage.pricing` and
   * `billing.enable` are both on.
   */
  pricing?: ReactNode;
}

/**
 * The landing page (spec music §2 and §3): the header with its image, overlay, search box and two actions; the
 * primary feature cards; the alternating secondary feature rows; the trending artists (when `homepage.trending`
 * is on); the pricing section (when `homepage.pricing` and billing are both on); the footer banner with the
 * third action; then the site footer.
 */
export function LandingPage({ pricing }: LandingPageProps) {
  const { t } = useTranslation();
  const chrome = useSiteChrome();
  const content = useLandingContent();
  const trending = useSettings<boolean>('homepage.trending', true);
  const pricingOn = useSettings<boolean>('homepage.pricing', false);
  const billingOn = useSettings<boolean>('billing.enable', false);
  const showPricing = Boolean(pricingOn && billingOn);
  useDropLandingPrerender(true);
  return (
    <div className="site landing">
      <Navbar {...chrome.navbar} />
      <main className="site__content">
        <LandingHeader content={content} />
        <PrimaryFeatures features={content.primaryFeatures} />
        <SecondaryFeatures features={content.secondaryFeatures} />
        {trending ? <TrendingArtists /> : null}
        {showPricing ? (
          <section
            className="landing-section landing-pricing"
            aria-labelledby="landing-pricing-title"
            data-testid="landing-pricing"
          >
            <h2 id="landing-pricing-title" className="landing-section__title">
              {t(content.pricingTitle)}
            </h2>
            {content.pricingSubtitle ? (
              <p className="landing-pricing__subtitle">{t(content.pricingSubtitle)}</p>
            ) : null}
            {pricing}
          </section>
        ) : null}
        <FooterBanner content={content} />
      </main>
      <Footer {...chrome.footer} />
    </div>
  );
}
