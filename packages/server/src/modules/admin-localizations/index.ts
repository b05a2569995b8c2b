import { adminLocalizations } from '@backline/core/contract';
import { defineModule } from '../../kit';
import { registerAdminLocalizationRoutes } from './routes';

/**
 * The admin area's languages page, server half: list languages, add one, edit and import lines, set the default.
 * The `localizations` table and the loading of its rows belong to the localization module; this module writes
 * them, with an audit row per write.
 */
export const adminLocalizationsModule = () =>
  defineModule({
    id: 'admin-localizations',
    permissions: [
      {
        name: adminLocalizations.LOCALIZATIONS_PERMISSION,
        description: 'Add languages and edit translations',
      },
    ],
    routes(router) {
      registerAdminLocalizationRoutes(router);
    },
  });
