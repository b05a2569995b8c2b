import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  type TabListProps as AriaTabListProps,
  TabPanel as AriaTabPanel,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  Tabs as AriaTabs,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import { cx } from '../utils/cx';

export interface TabsProps extends Omit<AriaTabsProps, 'className'> {
  className?: string;
}

/** Tabs: a `TabList` of `Tab`s and one `TabPanel` per tab. Arrow keys move between tabs (mirrored in RTL). */
export function Tabs({ className, ...props }: TabsProps) {
  return <AriaTabs {...props} className={cx('bl-tabs', className)} />;
}

export interface TabListProps<T> extends Omit<AriaTabListProps<T>, 'className'> {
  className?: string;
}

/** The row of tabs; give it an `aria-label` that says what the tabs switch between. */
export function TabList<T extends object>({ className, ...props }: TabListProps<T>) {
  return <AriaTabList {...props} className={cx('bl-tab-list', className)} />;
}

export interface TabProps extends Omit<AriaTabProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** One tab; `href` makes it a link tab for route-based tabs. */
export function Tab({ className, children, ...props }: TabProps) {
  return (
    <AriaTab {...props} className={cx('bl-tab', className)}>
      {children}
    </AriaTab>
  );
}

export interface TabPanelProps extends Omit<AriaTabPanelProps, 'className'> {
  className?: string;
}

/** The content shown for the tab with the same `id`. */
export function TabPanel({ className, ...props }: TabPanelProps) {
  return <AriaTabPanel {...props} className={cx('bl-tab-panel', className)} />;
}
