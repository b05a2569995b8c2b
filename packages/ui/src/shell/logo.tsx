import { Link as AriaLink } from 'react-aria-components';
import { MOBILE_MEDIA_QUERY } from '../responsive/media-query';
import { cx } from '../utils/cx';
import type { Branding } from './shell-types';

export interface LogoProps extends Branding {
  /** Where the logo links; the homepage by default. `null` renders it without a link. */
  href?: string | null;
  className?: string;
}

/**
 * The site logo, linking home. The light theme shows the dark-coloured logo and the dark theme the
 * light-coloured one (CSS picks by the `dark` class, so the first paint is right); narrow viewports get
 * the mobile variants. Without images it shows the site name.
 */
export function Logo({
  siteName,
  logoLight,
  logoDark,
  logoLightMobile,
  logoDarkMobile,
  href = '/',
  className,
}: LogoProps) {
  // Each theme falls back to the other theme's image rather than to plain text.
  const onLight = logoDark || logoLight;
  const onDark = logoLight || logoDark;
  const image = (src: string, mobile: string | null | undefined, theme: 'light' | 'dark') => (
    <picture className="bl-logo__picture" data-theme={theme}>
      {mobile ? <source media={MOBILE_MEDIA_QUERY} srcSet={mobile} /> : null}
      <img className="bl-logo__img" src={src} alt={siteName} />
    </picture>
  );
  const content =
    onLight && onDark ? (
      <>
        {image(onLight, logoDarkMobile || logoLightMobile, 'light')}
        {onDark !== onLight || logoLightMobile !== logoDarkMobile
          ? image(onDark, logoLightMobile || logoDarkMobile, 'dark')
          : null}
      </>
    ) : (
      <span className="bl-logo__text">{siteName}</span>
    );
  const single = onLight === onDark && logoLightMobile === logoDarkMobile;
  if (href === null) {
    return (
      <span className={cx('bl-logo', className)} data-single={single || undefined}>
        {content}
      </span>
    );
  }
  return (
    <AriaLink href={href} className={cx('bl-logo', className)} data-single={single || undefined}>
      {content}
    </AriaLink>
  );
}
