// Controls

export { I18nProvider, RouterProvider } from 'react-aria-components';
export { Avatar, type AvatarProps, type AvatarSize } from './avatar/avatar';
export { initials } from './avatar/initials';
export {
  Button,
  ButtonLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  IconButton,
  type IconButtonProps,
} from './button/button';
export { Checkbox, type CheckboxProps } from './checkbox/checkbox';
export { ComboBox, type ComboBoxProps } from './combobox/combobox';
export {
  FLOATING_LIST_MAX_HEIGHT,
  HOVER_POPOVER_CLOSE_DELAY,
  MOBILE_BREAKPOINT,
  TOOLTIP_DELAY,
  TYPE_AHEAD_RESET,
} from './constants';
export {
  AlertDialog,
  type AlertDialogProps,
  Dialog,
  type DialogProps,
  type DialogSize,
  DialogTrigger,
} from './dialog/dialog';
export {
  FieldDescription,
  type FieldErrorMessage,
  FieldErrorText,
  FieldLabel,
  type FieldLabelProps,
} from './field/field';
export { FileTrigger, type FileTriggerProps } from './file-trigger/file-trigger';
export { Form, type FormProps } from './form/form';
export { colonPlaceholders, createI18n, setI18nLines } from './i18n/i18n';
export { UI_STRINGS, type UiString } from './i18n/ui-strings';
export * from './icons/icons';
export { Link, type LinkProps } from './link/link';
export {
  ListBox,
  type ListBoxProps,
  ListItem,
  type ListItemProps,
  ListSection,
  type ListSectionProps,
  ListStatusMessage,
} from './list/list-box';
export {
  countItems,
  LIST_EMPTY_MESSAGE,
  LIST_LOADING_MESSAGE,
  type ListStatus,
  listStatus,
  listStatusMessage,
} from './list/list-state';
export {
  Menu,
  MenuItem,
  type MenuItemProps,
  type MenuProps,
  MenuSection,
  type MenuSectionProps,
  MenuSeparator,
  MenuTrigger,
  type MenuTriggerProps,
  SubmenuTrigger,
} from './menu/menu';
export { createTypeAhead, findTypeAheadMatch, type TypeAhead } from './menu/type-ahead';
export { NotFoundPage, type NotFoundPageProps } from './not-found/not-found-page';
export {
  HoverPopoverTrigger,
  type HoverPopoverTriggerProps,
  ListPopover,
  Popover,
  type PopoverProps,
} from './popover/popover';
export { ProgressBar, type ProgressBarProps } from './progress-bar/progress-bar';
// Set-up: routing, locale, i18n, breakpoints, constants
export { UiProvider, type UiProviderProps } from './provider/ui-provider';
export { isMobileWidth, MOBILE_MEDIA_QUERY, useIsMobile, useMediaQuery } from './responsive/media-query';
export { Select, type SelectProps } from './select/select';
// App shell
export {
  type AccountMenuEntry,
  type AccountMenuOptions,
  accountMenuEntries,
  hasValidSubscription,
  userDisplayName,
  visitorEntries,
} from './shell/account-menu';
export { AuthLayout, type AuthLayoutProps } from './shell/auth-layout';
export { Footer, type FooterLanguage, type FooterProps } from './shell/footer';
export { Logo, type LogoProps } from './shell/logo';
export { Navbar, type NavbarProps, type NavbarUser, type NavbarWorkspaces } from './shell/navbar';
export type { Branding, ShellMenuItem, ThemeToggle } from './shell/shell-types';
export { Skeleton, type SkeletonProps } from './skeleton/skeleton';
export { Switch, type SwitchProps } from './switch/switch';
export {
  Tab,
  TabList,
  type TabListProps,
  TabPanel,
  type TabPanelProps,
  type TabProps,
  Tabs,
  type TabsProps,
} from './tabs/tabs';
export { TextField, type TextFieldProps } from './text-field/text-field';
// Toasts
export { type ToastPosition, ToastRegion, type ToastRegionProps } from './toast/toast-region';
export {
  createToastId,
  createToastStore,
  TOAST_DURATIONS,
  TOAST_ID_LENGTH,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH,
  TOAST_MIN_WIDTH,
  type Toast,
  type ToastAction,
  type ToastOptions,
  type ToastStore,
  type ToastStoreOptions,
  type ToastType,
  type ToastTypeOptions,
  toast,
  toastStore,
} from './toast/toast-store';
export { Tooltip, type TooltipProps, TooltipTrigger, type TooltipTriggerProps } from './tooltip/tooltip';
