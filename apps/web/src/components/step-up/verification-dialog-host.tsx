import { lazy, Suspense } from 'react';
import { stepUp, useStepUpOpen } from '@/lib/step-up/step-up-store.ts';

// The dialog and its forms load only when a call first asks for a second factor.
const VerificationDialog = lazy(() =>
  import('./verification-dialog.tsx').then((module) => ({ default: module.VerificationDialog })),
);

/** Mounted once above every layout; opens whenever a call asks for a fresh second factor. */
export function VerificationDialogHost() {
  const open = useStepUpOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <VerificationDialog onAnswer={(passed) => stepUp.answer(passed)} />
    </Suspense>
  );
}
