import { useLayoutEffect, useMemo, useRef } from 'react';
import { pageHeading } from './pageHeading';

interface LeavingRow {
  id: string;
  /** Where the row stood, so the row that takes its place can be found. */
  index: number;
  /** The `data-row-action` of the control that was used. */
  action: string;
}

const SEPARATOR = '\n';

/**
 * An action that takes its row out of the list (Approve, Mark paid…) takes the focused button
 * with it, and a keyboard user would start again from the top of the page (WCAG 2.4.3). Once the
 * row has left, focus goes to the same action of the row now in its place, else of the row above,
 * else — the list being empty — to the page's heading. Rows carry `data-row-id`, their actions
 * `data-row-action`.
 */
export function useFocusAfterRowLeaves(rowIds: readonly string[]) {
  const leaving = useRef<LeavingRow | null>(null);
  const rowKey = rowIds.join(SEPARATOR);
  const currentIds = useRef<readonly string[]>(rowIds);

  useLayoutEffect(() => {
    const ids = rowKey === '' ? [] : rowKey.split(SEPARATOR);
    currentIds.current = ids;
    const left = leaving.current;
    if (!left || ids.includes(left.id)) return;
    leaving.current = null;
    const takesItsPlace = ids[Math.min(left.index, ids.length - 1)];
    const target = (takesItsPlace !== undefined && rowAction(takesItsPlace, left.action)) || pageHeading();
    target?.focus();
  }, [rowKey]);

  return useMemo(
    () => ({
      /** Call when the action starts: focus follows once the row is gone from `rowIds`. */
      willLeave: (id: string, action: string) => {
        leaving.current = { id, index: currentIds.current.indexOf(id), action };
      },
      /** The action failed: the row stays and so does focus. */
      stays: () => {
        leaving.current = null;
      },
    }),
    [],
  );
}

function rowAction(rowId: string, action: string): HTMLElement | null {
  const row = document.querySelector(`[data-row-id="${CSS.escape(rowId)}"]`);
  const control = row?.querySelector<HTMLElement>(`[data-row-action="${CSS.escape(action)}"]`);
  return control && !control.matches(':disabled') ? control : null;
}
