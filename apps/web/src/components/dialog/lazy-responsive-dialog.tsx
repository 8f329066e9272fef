import { lazy, Suspense, useState } from 'react';
import type { ResponsiveDialogProps } from './responsive-dialog.tsx';

// Radix's dialog and the sheet's drag are 13 KB gzip that a screen shows only after a click.
const ResponsiveDialog = lazy(() =>
  import('./responsive-dialog.tsx').then((module) => ({ default: module.ResponsiveDialog })),
);

/**
 * The {@link ResponsiveDialog}, downloaded when it first opens; once loaded it stays mounted, so
 * that closing it plays the exit animation as before.
 */
export function LazyResponsiveDialog(props: ResponsiveDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ResponsiveDialog {...props} />
    </Suspense>
  );
}
