import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A round menu tile: a link when it goes somewhere, a button when it acts. `icon` is decorative text
 * or an inline SVG; the label is what assistive technology reads.
 */
export function Tile({
  label,
  icon,
  to,
  state,
  onClick,
  href,
  disabled,
}: {
  label: string;
  icon?: ReactNode;
  to?: string;
  state?: unknown;
  onClick?: () => void;
  href?: string;
  disabled?: boolean;
}) {
  const inner = (
    <>
      <span className="tile-icon" aria-hidden="true">
        {icon ?? label.slice(0, 1)}
      </span>
      <span className="tile-label">{label}</span>
    </>
  );
  if (to && !disabled) {
    return (
      <Link className="tile" to={to} state={state}>
        {inner}
      </Link>
    );
  }
  if (href && !disabled) {
    return (
      <a className="tile" href={href} target="_blank" rel="noopener noreferrer">
        {inner}
      </a>
    );
  }
  return (
    <button type="button" className="tile" onClick={onClick} disabled={disabled}>
      {inner}
    </button>
  );
}

/** A grid of tiles. */
export function TileGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <nav className="tile-grid" aria-label={label}>
      {children}
    </nav>
  );
}
