import { adminLocalizations } from '@backline/core/contract';
import { GlobeIcon } from '@backline/ui';
import { lazy } from 'react';
import type { AdminSection } from '../shell/admin-section';

const LocalizationsArea = lazy(() => import('./localizations-page'));

/** The "Localizations" admin section: languages, their translations, import/export and the default. */
export function localizationsSection(): AdminSection {
  return {
    path: 'localizations',
    label: 'Localizations',
    icon: <GlobeIcon />,
    permission: adminLocalizations.LOCALIZATIONS_PERMISSION,
    component: LocalizationsArea,
  };
}
