import type { ReactNode } from 'react';

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  // Decorative: every control that holds one carries its own accessible name.
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

export const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.5.86l11-6.86a1 1 0 0 0 0-1.72l-11-6.86A1 1 0 0 0 8 5.14Z" />
  </Icon>
);
export const PauseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 4h3.5v16H7zM13.5 4H17v16h-3.5z" />
  </Icon>
);
export const NextIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 5.5v13a.75.75 0 0 0 1.15.63L15.5 13v5.5H18v-13h-2.5V11L6.15 4.87A.75.75 0 0 0 5 5.5Z" />
  </Icon>
);
export const PreviousIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 5.5v13a.75.75 0 0 1-1.15.63L8.5 13v5.5H6v-13h2.5V11l9.35-6.13A.75.75 0 0 1 19 5.5Z" />
  </Icon>
);
export const ShuffleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M16 3h5v5l-1.8-1.8-4.1 4.1-1.4-1.4 4.1-4.1L16 3ZM3 5.6 4.4 4.2l15 15L21 17.6V21h-5l1.8-1.8L3 5.6Zm6.9 8.9 1.4 1.4-5.9 5.9L4 20.4l5.9-5.9Z" />
  </Icon>
);
export const RepeatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z" />
  </Icon>
);
export const RepeatOneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Zm-4-2V9h-1l-2 1v1h1.5v4H13Z" />
  </Icon>
);
export const VolumeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.5 4.5 0 0 0 16.5 12ZM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06A9 9 0 0 0 14 3.23Z" />
  </Icon>
);
export const MutedIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 9v6h4l5 5V4L7 9H3Zm18.7 3 2.3-2.3-1.4-1.4-2.3 2.3-2.3-2.3-1.4 1.4 2.3 2.3-2.3 2.3 1.4 1.4 2.3-2.3 2.3 2.3 1.4-1.4-2.3-2.3Z" />
  </Icon>
);
export const QueueIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 5h13v2H3V5Zm0 4h13v2H3V9Zm0 4h8v2H3v-2Zm12 0v6l5-3-5-3Z" />
  </Icon>
);
export const ExpandIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 4h6v2H7.41l4.3 4.29-1.42 1.42L6 7.41V10H4V4Zm16 16h-6v-2h2.59l-4.3-4.29 1.42-1.42L18 16.59V14h2v6Z" />
  </Icon>
);
export const KeyboardIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 5H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm-9 3h2v2h-2V8Zm0 3h2v2h-2v-2ZM8 8h2v2H8V8Zm0 3h2v2H8v-2Zm-1 2H5v-2h2v2Zm0-3H5V8h2v2Zm9 7H8v-2h8v2Zm0-4h-2v-2h2v2Zm0-3h-2V8h2v2Zm3 3h-2v-2h2v2Zm0-3h-2V8h2v2Z" />
  </Icon>
);
export const MusicNoteIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v10.55A4 4 0 1 0 14 17V7h4V3h-6Z" />
  </Icon>
);
export const DragHandleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 5h2v2H9V5Zm4 0h2v2h-2V5ZM9 11h2v2H9v-2Zm4 0h2v2h-2v-2Zm-4 6h2v2H9v-2Zm4 0h2v2h-2v-2Z" />
  </Icon>
);
export const AddToQueueIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 5h13v2H3V5Zm0 4h13v2H3V9Zm0 4h8v2H3v-2Zm14 0h2v3h3v2h-3v3h-2v-3h-3v-2h3v-3Z" />
  </Icon>
);
