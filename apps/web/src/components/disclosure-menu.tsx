import { DownOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface DisclosureMenuProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name when the label alone is not enough (e.g. an icon + short text). */
  ariaLabel?: string;
  /** The panel; `close` lets an item close it after acting. */
  children: (close: () => void) => ReactNode;
  /** Open on pointer hover as well as on click/Enter/Space. */
  openOnHover?: boolean;
  align?: 'start' | 'end';
  className?: string;
  triggerClassName?: string;
  showCaret?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * A small disclosure popup for the top bar (identity links, language choice). Plain elements
 * instead of antd's Menu/Dropdown keep the first load of every public page light.
 * Keyboard: Enter/Space toggles, ArrowDown opens and enters, arrows move, Escape closes and
 * returns focus, Tab out closes.
 */
export function DisclosureMenu({
  label,
  ariaLabel,
  children,
  openOnHover = false,
  align = 'start',
  className,
  triggerClassName,
  showCaret = true,
}: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  // A click right after hover opened the panel should not close it again.
  const openedByHover = useRef(false);
  const panelId = useId();

  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const items = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);

  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      // The panel renders on the next frame.
      window.requestAnimationFrame(() => focusItem(0));
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(list.length - 1);
    }
  };

  const hover = (next: boolean) => {
    if (!openOnHover) return;
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(
      () => {
        openedByHover.current = next;
        setOpen(next);
      },
      next ? 80 : 180,
    );
  };

  return (
    <div
      ref={rootRef}
      className={`mb-disclosure ${className ?? ''}`}
      onMouseEnter={() => hover(true)}
      onMouseLeave={() => hover(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`mb-disclosure-trigger ${triggerClassName ?? ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => {
          window.clearTimeout(hoverTimer.current);
          const keepOpen = openedByHover.current;
          openedByHover.current = false;
          setOpen((value) => (value && keepOpen ? true : !value));
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        {showCaret && <DownOutlined className="mb-disclosure-caret" aria-hidden />}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={`mb-disclosure-panel mb-disclosure-${align}`}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
      >
        {open && children(close)}
      </div>
    </div>
  );
}
