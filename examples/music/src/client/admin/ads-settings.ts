import { defineSettingsPage } from '@backline/admin';
import { ads } from '../../contract';

/**
 * `/admin/settings/ads`: the code of each ad slot, pasted from an ad network. It runs in a sandboxed frame of its
 * own on the site, so scripts are allowed; a listener holding `ads.disable` (the paid plans) sees none of it.
 */
export const ADS_SETTINGS = defineSettingsPage({
  path: 'ads',
  title: 'Ads',
  description:
    'Ad code from your ad network, shown in its slot on the site. Leave a slot empty to show nothing there. Listeners on a plan without ads never see them.',
  sections: [
    {
      title: 'Ad slots',
      fields: ads.AD_SLOTS.map((slot) => ({
        key: ads.adSetting(slot.name),
        type: 'textarea' as const,
        label: slot.label,
        help: slot.hint,
      })),
    },
  ],
});
