// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmButton } from './ConfirmButton';

function renderButton(props: Partial<Parameters<typeof ConfirmButton>[0]> = {}) {
  const onConfirm = vi.fn<() => void>();
  const view = render(
    <>
      <h3 id="row-name">Spring code</h3>
      <ConfirmButton label="Delete" confirmLabel="Yes, delete" describedBy="row-name" pending={false} onConfirm={onConfirm} {...props} />
    </>,
  );
  return { ...view, onConfirm };
}

afterEach(cleanup);

describe('ConfirmButton', () => {
  it('asks before acting, moving the focus onto the confirmation and back on Cancel', () => {
    const { onConfirm } = renderButton();
    const first = screen.getByRole('button', { name: 'Delete' });
    expect(document.activeElement).not.toBe(first);
    expect(first.getAttribute('aria-describedby')).toBe('row-name');

    fireEvent.click(first);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, delete' }));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Yes, delete' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps both buttons waiting while the action runs', () => {
    const { rerender, onConfirm } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    rerender(
      <>
        <h3 id="row-name">Spring code</h3>
        <ConfirmButton label="Delete" confirmLabel="Yes, delete" describedBy="row-name" pending onConfirm={onConfirm} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Yes, delete' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });

  it('hides the actions beside it while confirming', () => {
    renderButton({ beside: <button type="button">Edit</button>, besideClassName: 'd-flex gap-2' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
