import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { registerStepUpPrompt } from '@/lib/api';

const StepUpDialog = lazy(() => import('./StepUpDialog'));

/**
 * Mounted once for the whole app: any call answered 403 `step_up_required` opens the dialog here,
 * and apiFetch sends the call again once it is confirmed (docs/decisions/0016). Calls refused
 * together share one dialog. The dialog's code loads on first use only.
 */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  // Every call waiting on the one dialog, answered together.
  const waiting = useRef<((confirmed: boolean) => void)[]>([]);

  useEffect(
    () =>
      registerStepUpPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            waiting.current.push(resolve);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    const calls = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of calls) resolve(confirmed);
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={finish} />
    </Suspense>
  );
}
