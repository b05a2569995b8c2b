import type { ReactNode, SVGProps } from 'react';

/** Props of the built-in icons: any SVG attribute, plus a pixel `size` (default 20). */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
}

/** Draws a 24×24 stroke icon. Icons are decorative (aria-hidden): the control holding one is named. */
function SvgIcon({
  size = 20,
  className,
  mirrored,
  children,
  ...props
}: IconProps & { mirrored?: boolean; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={['bl-icon', mirrored ? 'bl-icon--mirrored' : '', className].filter(Boolean).join(' ')}
      {...props}
    >
      {children}
    </svg>
  );
}

/** The close icon. */
export function CloseIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </SvgIcon>
  );
}

/** The check icon. */
export function CheckIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </SvgIcon>
  );
}

/** The minus icon. */
export function MinusIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M5 12h14" />
    </SvgIcon>
  );
}

/** The downward chevron icon. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </SvgIcon>
  );
}

/** Points to the end of the line: mirrored in right-to-left text. */
export function ChevronEndIcon(props: IconProps) {
  return (
    <SvgIcon {...props} mirrored>
      <path d="m9 18 6-6-6-6" />
    </SvgIcon>
  );
}

/** The menu icon. */
export function MenuIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </SvgIcon>
  );
}

/** The eye icon. */
export function EyeIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </SvgIcon>
  );
}

/** The crossed-out eye icon. */
export function EyeOffIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9.9 4.2A10.8 10.8 0 0 1 12 4c6.4 0 10 8 10 8a17.6 17.6 0 0 1-2.2 3.2M6.6 6.6C3.6 8.6 2 12 2 12s3.6 8 10 8a10.6 10.6 0 0 0 5.4-1.5" />
      <path d="M14.1 14.2a3 3 0 0 1-4.3-4.3M2 2l20 20" />
    </SvgIcon>
  );
}

/** The sun icon. */
export function SunIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </SvgIcon>
  );
}

/** The moon icon. */
export function MoonIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
    </SvgIcon>
  );
}

/** The bell icon. */
export function BellIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </SvgIcon>
  );
}

/** The user icon. */
export function UserIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </SvgIcon>
  );
}

/** The logout icon. */
export function LogoutIcon(props: IconProps) {
  return (
    <SvgIcon {...props} mirrored>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
    </SvgIcon>
  );
}

/** The globe icon (language picker). */
export function GlobeIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z" />
    </SvgIcon>
  );
}

/** The credit card icon. */
export function CreditCardIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20" />
    </SvgIcon>
  );
}

/** A phone (a session's device). */
export function MobileIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M11 18h2" />
    </SvgIcon>
  );
}

/** A tablet. */
export function TabletIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="4" y="2.5" width="16" height="19" rx="2.5" />
      <path d="M11 18h2" />
    </SvgIcon>
  );
}

/** A desktop or laptop screen. */
export function ComputerIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="2.5" y="4" width="19" height="12.5" rx="2" />
      <path d="M8 20.5h8M12 16.5v4" />
    </SvgIcon>
  );
}

/** A key (API tokens). */
export function KeyIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="7.5" cy="15.5" r="4" />
      <path d="m10.5 12.5 9-9M16 7l3 3M14 9l2 2" />
    </SvgIcon>
  );
}

/** The positive icon. */
export function PositiveIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </SvgIcon>
  );
}

/** The danger icon. */
export function DangerIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 16.5v.5" />
    </SvgIcon>
  );
}

/** The link icon. */
export function LinkIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </SvgIcon>
  );
}

/** A spinning ring for loading states. */
export function SpinnerIcon({ size = 20, className, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={['bl-icon', 'bl-spinner', className].filter(Boolean).join(' ')}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
