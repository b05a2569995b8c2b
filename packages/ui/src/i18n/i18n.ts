import i18next, { type i18n as I18n, type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Spec strings use `:name` placeholders (`I accept the :name`). This post-processor fills them from the
 * options passed to `t`, after the line is looked up, so English keys and translated lines share one syntax.
 */
export const colonPlaceholders: PostProcessorModule = {
  type: 'postProcessor',
  name: 'colonPlaceholders',
  process(
    value: string,
    _key: string | string[],
    options: Record<string, unknown>,
    translator: { language?: string },
  ) {
    const language = (typeof options.lng === 'string' ? options.lng : undefined) ?? translator?.language;
    return value.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (match, name: string) => {
      const option = options[name];
      if (option === undefined) return match;
      // `count` stays a number so i18next can pick the plural form; it is written in the language's digits here.
      return name === 'count' && typeof option === 'number' ? formatCount(option, language) : String(option);
    });
  },
};

const countFormats = new Map<string, Intl.NumberFormat>();

/** `1,234` in English, `1234`/`1.234` in Spanish; the plain number when the language is not one Intl knows. */
function formatCount(count: number, language: string | undefined): string {
  if (!language) return String(count);
  try {
    let format = countFormats.get(language);
    if (!format) {
      format = new Intl.NumberFormat(language);
      countFormats.set(language, format);
    }
    return format.format(count);
  } catch {
    return String(count);
  }
}

/**
 * Creates the i18next instance a Backline app renders with. The English spec text is the key, so a
 * missing translation falls back to the English line itself.
 */
export function createI18n(i18n: { language: string; lines: Record<string, string> }): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(colonPlaceholders)
    .use(initReactI18next)
    .init({
      lng: i18n.language,
      fallbackLng: false,
      resources: { [i18n.language]: { translation: i18n.lines } },
      keySeparator: false,
      nsSeparator: false,
      returnEmptyString: false,
      initImmediate: false,
      postProcess: ['colonPlaceholders'],
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      // i18next prints an advertisement to the console on init; an app's users should not see it.
      showSupportNotice: false,
    });
  return instance;
}

/** Swaps in the lines of another language without recreating the instance (the language switch). */
export async function setI18nLines(
  instance: I18n,
  i18n: { language: string; lines: Record<string, string> },
) {
  instance.addResourceBundle(i18n.language, 'translation', i18n.lines, true, true);
  await instance.changeLanguage(i18n.language);
}
