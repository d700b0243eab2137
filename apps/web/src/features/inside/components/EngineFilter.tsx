import { useId } from 'react';
import { ENGINES, engineSchema, type Engine } from '@market/contracts';
import { useHydrated } from '@/lib/hydration';

interface EngineFilterProps {
  value: Engine | null;
  onChange: (engine: Engine | null) => void;
}

/** Narrows a product list to the engine the analysis of each archive detected. */
export function EngineFilter({ value, onChange }: EngineFilterProps) {
  const id = useId();
  // A choice made in the server's markup, before the app has taken the page over, would be lost.
  const hydrated = useHydrated();
  return (
    <div className="d-flex align-items-center gap-2 mb-3">
      <label htmlFor={id} className="form-label mb-0">
        Engine
      </label>
      <select
        id={id}
        className="form-select w-auto"
        value={value ?? ''}
        disabled={!hydrated}
        onChange={(event) => {
          const parsed = engineSchema.safeParse(event.target.value);
          onChange(parsed.success ? parsed.data : null);
        }}
      >
        <option value="">Any engine</option>
        {ENGINES.map((engine) => (
          <option key={engine} value={engine}>
            {engine}
          </option>
        ))}
      </select>
    </div>
  );
}
