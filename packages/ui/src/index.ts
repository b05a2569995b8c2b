export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button/button';
export { colonPlaceholders, createI18n, setI18nLines } from './i18n/i18n';
export { NotFoundPage, type NotFoundPageProps } from './not-found/not-found-page';
