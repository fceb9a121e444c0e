'use client';
import { useDropzone, type DropzoneInputProps, type DropzoneOptions } from 'react-dropzone';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * The console's one file picker with a drop zone (react-dropzone), for a form the server renders before its code
 * comes (components/ui/lazy-in-boundary.tsx). Until the form has hydrated, a file picked or dropped reaches no handler
 * and is lost, so the zone and its `<input>` are disabled until then — react-dropzone's `disabled` marks the zone only,
 * and a picker that missed the input's own flag took files before hydration (README, issue 30). `ready` is for the
 * caller's visible "choose a file" button and anything else that acts on the file.
 *
 * One file, and the zone takes drops only: the visible button opens the picker (keyboard: Tab, then Enter or Space).
 */
export function useFilePicker(options: Omit<DropzoneOptions, 'multiple' | 'noClick' | 'noKeyboard'>) {
  const ready = useHydrated();
  // The zone and its input are off together: a caller's `disabled` reaches the input too, not only the zone.
  const off = Boolean(options.disabled) || !ready;
  const zone = useDropzone({ ...options, disabled: off, multiple: false, noClick: true, noKeyboard: true });
  return {
    ...zone,
    ready,
    getInputProps: (props?: DropzoneInputProps) => zone.getInputProps({ ...props, disabled: off }),
  };
}
