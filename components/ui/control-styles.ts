/** Shared look of text-like form controls; invalid state comes from aria-invalid so a11y and style agree. */
export const controlClasses =
  'block w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-fg shadow-xs ' +
  'placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted ' +
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger';
