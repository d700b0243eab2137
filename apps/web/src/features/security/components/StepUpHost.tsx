import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerEnrolmentRequired, registerStepUpPrompt } from '@/lib/api';

/** Where an admin under ADMIN_REQUIRE_2FA sets up a second factor: the only page their session reaches. */
const ENROLMENT_PAGE = '/adminPanel/security';

const StepUpDialog = lazy(() => import('./StepUpDialog'));

/**
 * Mounted once for the whole app: any call answered 403 `step_up_required` opens the dialog here,
 * and apiFetch sends the call again once it is confirmed (docs/decisions/0016). Calls refused
 * together share one dialog. The dialog's code loads on first use only.
 */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onEnrolmentPage = pathname === ENROLMENT_PAGE;
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

  useEffect(
    () =>
      registerEnrolmentRequired(() => {
        if (!onEnrolmentPage) void navigate(ENROLMENT_PAGE);
      }),
    [navigate, onEnrolmentPage],
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
