import {
  FileTrigger as AriaFileTrigger,
  type FileTriggerProps as AriaFileTriggerProps,
} from 'react-aria-components';

export type FileTriggerProps = AriaFileTriggerProps;

/**
 * Opens the system file picker when its child (a `Button`) is pressed, and hands the picked files to
 * `onSelect`. The file input stays hidden; the button carries the name and the keyboard behaviour.
 */
export function FileTrigger(props: FileTriggerProps) {
  return <AriaFileTrigger {...props} />;
}
