import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button';
import { GlobeIcon, MoonIcon, SunIcon } from '../icons/icons';
import { Menu, MenuItem, MenuTrigger } from '../menu/menu';
import { cx } from '../utils/cx';
import { MenuLinks } from './menu-links';
import type { ShellMenuItem, ThemeToggle } from './shell-types';

/** A language the site is translated into (a bootstrap `localization`). */
export interface FooterLanguage {
  language: string;
  name: string;
}

export interface FooterProps {
  siteName: string;
  /** Items of the `footer` menu (already filtered). */
  menu?: readonly ShellMenuItem[];
  /** Items of the `footer-secondary` menu (already filtered). */
  secondaryMenu?: readonly ShellMenuItem[];
  /** The copyright year; the current year by default. */
  year?: number;
  /** Pass only when i18n is enabled: the language picker. */
  languages?: {
    options: readonly FooterLanguage[];
    current: string;
    onChange: (language: string) => void;
  } | null;
  /** The light/dark toggle; shown only when `canChange` (`themes.user_change`). */
  theme?: ThemeToggle | null;
  currentPath?: string;
  className?: string;
}

/** The page footer: `footer` and `footer-secondary` menus, copyright, language picker and theme toggle. */
export function Footer({
  siteName,
  menu = [],
  secondaryMenu = [],
  year = new Date().getFullYear(),
  languages,
  theme,
  currentPath,
  className,
}: FooterProps) {
  const { t } = useTranslation();
  const current = languages?.options.find((option) => option.language === languages.current);
  return (
    <footer className={cx('bl-footer', className)}>
      <div className="bl-footer__inner">
        <MenuLinks
          items={menu}
          label={t('Footer menu')}
          currentPath={currentPath}
          className="bl-footer__menu"
        />
        <div className="bl-footer__bottom">
          <p className="bl-footer__copyright">
            {t('Copyright © :year :name, All Rights Reserved', { year, name: siteName })}
          </p>
          <MenuLinks
            items={secondaryMenu}
            label={t('Secondary menu')}
            currentPath={currentPath}
            className="bl-footer__secondary"
          />
          {languages || theme?.canChange ? (
            <div className="bl-footer__controls">
              {languages && languages.options.length > 0 ? (
                <MenuTrigger>
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={`${t('Language')}: ${current?.name ?? languages.current}`}
                  >
                    <GlobeIcon size={16} />
                    {current?.name ?? languages.current}
                  </Button>
                  <Menu
                    aria-label={t('Language')}
                    placement="top end"
                    items={languages.options}
                    selectionMode="single"
                    selectedKeys={[languages.current]}
                    onAction={(key: Key) => languages.onChange(String(key))}
                  >
                    {(option) => (
                      <MenuItem id={option.language} lang={option.language}>
                        {option.name}
                      </MenuItem>
                    )}
                  </Menu>
                </MenuTrigger>
              ) : null}
              {theme?.canChange ? (
                <Button variant="text" size="sm" onPress={theme.toggle}>
                  {theme.isDark ? <SunIcon size={16} /> : <MoonIcon size={16} />}
                  {theme.isDark ? t('Light mode') : t('Dark mode')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
