import { useEffect, useRef, useState, type ReactNode } from 'react';

interface ConfirmButtonProps {
  /** The first button ("Delete"). */
  label: string;
  /** The button that does it ("Yes, delete"), shown with Cancel once the first is pressed. */
  confirmLabel: string;
  /** The id of what the action is about (its row's name), which screen readers read with each button. */
  describedBy: string;
  /** While the action runs, both buttons wait. */
  pending: boolean;
  onConfirm: () => void;
  /** The first button's `data-row-action` (useFocusAfterRowLeaves, the journeys). */
  rowAction?: string;
  /** Other actions shown beside the first button and hidden while confirming (Edit, Pause). */
  beside?: ReactNode;
  /** The class of the group that holds `beside` and the first button. */
  besideClassName?: string;
  /** 'go': an action that is wanted though it cannot be taken back (paying money out), not a deletion. */
  tone?: 'danger' | 'go';
}

/**
 * An action that cannot be taken back, asked twice. Focus follows the two steps: onto the
 * confirmation when it appears, and back to the first button on Cancel (never on first draw).
 */
export function ConfirmButton({
  label,
  confirmLabel,
  describedBy,
  pending,
  onConfirm,
  rowAction,
  beside,
  besideClassName,
  tone = 'danger',
}: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (confirming === false) ask.current?.focus();
  }, [confirming]);

  if (confirming) {
    return (
      <span className="d-flex flex-wrap gap-2 align-items-center">
        <button
          ref={confirm}
          type="button"
          className={tone === 'go' ? 'btn btn-primary' : 'btn btn-sm btn-danger'}
          aria-describedby={describedBy}
          disabled={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setConfirming(false)} disabled={pending}>
          Cancel
        </button>
      </span>
    );
  }
  const first = (
    <button
      ref={ask}
      type="button"
      className={tone === 'go' ? 'btn btn-primary' : 'btn btn-sm btn-outline-danger'}
      aria-describedby={describedBy}
      data-row-action={rowAction}
      onClick={() => setConfirming(true)}
    >
      {label}
    </button>
  );
  if (!beside) return first;
  return (
    <span className={besideClassName}>
      {beside}
      {first}
    </span>
  );
}
