import { useId, useState } from 'react';
import { useHydrated } from '@/lib/hydration';

interface OnSaleFilterProps {
  value: boolean;
  onChange: (onSale: boolean) => void;
}

/** Narrows a product list to the products with a sale running now (docs/decisions/0009 "Sales"). */
export function OnSaleFilter({ value, onChange }: OnSaleFilterProps) {
  const id = useId();
  // A choice made in the server's markup, before the app has taken the page over, would be lost.
  const hydrated = useHydrated();
  // Ticked at once: the address (and so `value`) follows in a router transition, during which React
  // would otherwise show the box unticked again.
  const [checked, setChecked] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    // The address changed (Back, a link): it wins.
    setSeenValue(value);
    setChecked(value);
  }
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        disabled={!hydrated}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange(event.target.checked);
        }}
      />
      <label htmlFor={id} className="form-check-label">
        On sale only
      </label>
    </div>
  );
}
