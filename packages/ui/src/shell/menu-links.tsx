import { useTranslation } from 'react-i18next';
import { Link } from '../link/link';
import { cx } from '../utils/cx';
import { linkItems, type ShellMenuItem } from './shell-types';

/** Link attributes for a menu item: new tabs get `rel="noopener noreferrer"`. */
export function menuItemLinkProps(item: ShellMenuItem) {
  const target = item.target || undefined;
  return {
    href: item.action ?? undefined,
    ...(target && { target }),
    ...(target === '_blank' && { rel: 'noopener noreferrer' }),
  };
}

/** Whether a route item points at the current path (marked with `aria-current="page"`). */
export function isCurrentItem(item: ShellMenuItem, currentPath: string | undefined): boolean {
  if (!currentPath || item.type === 'link') return false;
  return item.action === currentPath;
}

/** A list of menu items as links, in a labelled `nav` landmark. */
export function MenuLinks({
  items,
  label,
  currentPath,
  className,
}: {
  items: readonly ShellMenuItem[];
  /** The landmark's accessible name (translated). */
  label: string;
  currentPath?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const links = linkItems(items);
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className={cx('bl-menu-links', className)}>
      <ul>
        {links.map((item) => (
          <li key={item.id}>
            <Link
              {...menuItemLinkProps(item)}
              variant="inherit"
              className="bl-menu-links__link"
              aria-current={isCurrentItem(item, currentPath) ? 'page' : undefined}
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
