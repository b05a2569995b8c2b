import { accounts, appearanceModule, createBackline } from '@backline/server';
import { brandThemeModule } from './brand-theme-module';

const app = await createBackline({
  dataDir: '.data',
  modules: [accounts(), appearanceModule(), brandThemeModule()],
  // Defaults for the core module's branding settings; the appearance editor changes them later.
  settings: {
    'branding.site_name': { value: 'Ocean Radio', public: true },
    // Visitors may not switch themes: everyone sees the default one.
    'themes.user_change': { value: false, public: true },
  },
  spa: { root: 'dist/client' },
});
await app.start(3000);
