import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './catalogue.css';

export interface TabItem {
  id: string;
  label: ReactNode;
}

interface TabsProps {
  tabs: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
  className?: string;
  children: ReactNode;
}

/** WAI-ARIA tabs: one tab stop, arrow keys / Home / End move and select, the panel follows. */
export function Tabs({ tabs, selected, onSelect, label, className = '', children }: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${baseId}-tab-${id.replace(/\W+/g, '-')}`;
  const panelId = `${baseId}-panel`;

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    (listRef.current?.children[next] as HTMLElement | undefined)?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="market-tabs" ref={listRef}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={`market-tab${active ? ' active' : ''}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={handleKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className="market-tabpanel">
        {children}
      </div>
    </div>
  );
}
