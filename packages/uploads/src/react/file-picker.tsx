import { Button, type ButtonProps, FileTrigger } from '@backline/ui';
import type { ReactNode } from 'react';
import type { UploadSource } from '../engine/types';
import { filesFromInput } from '../files/file-sources';

export interface FilePickerProps extends Omit<ButtonProps, 'onPress' | 'children'> {
  /** Called with the chosen files (empty `.DS_Store` files skipped; folder files keep their path). */
  onSelect(files: UploadSource[]): void;
  /** Accepted types (`image/*`, `.mp3`); a comma-separated string or a list. */
  accept?: string | readonly string[];
  /** Allow several files; true by default. */
  multiple?: boolean;
  /** Pick a whole folder instead of files. */
  directory?: boolean;
  children: ReactNode;
}

/**
 * A button that opens the browser's file chooser, on react-aria's FileTrigger (through @backline/ui): the
 * file input stays hidden, the Button carries the name, keyboard and press behaviour.
 */
export function FilePicker({
  onSelect,
  accept,
  multiple = true,
  directory = false,
  children,
  ...buttonProps
}: FilePickerProps) {
  const types = typeof accept === 'string' ? accept.split(',').map((type) => type.trim()) : accept;
  return (
    <FileTrigger
      acceptedFileTypes={types ? [...types] : undefined}
      allowsMultiple={multiple || directory}
      acceptDirectory={directory}
      onSelect={(list) => {
        const files = filesFromInput(list);
        if (files.length) onSelect(files);
      }}
    >
      <Button {...buttonProps}>{children}</Button>
    </FileTrigger>
  );
}
