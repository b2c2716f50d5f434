import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '@matka/shared/ui';
import { t, useLanguage } from '@matka/shared/i18n';
import { CloseIcon } from './navIcons';

export interface MenuItem {
  label: string;
  icon: ReactNode;
  /** An app route. */
  to?: string;
  /** An outside link (opens in a new tab). */
  href?: string;
  /** An action (Log out). */
  onClick?: () => void;
  /** a count shown beside the label (unread notifications) */
  badge?: number;
}

/** The count beside an item's label, read with it ('Notifications, 3 unread'). */
const Badge = ({ n }: { n?: number }) =>
  n ? (
    <span className="side-menu-badge">
      {n > 99 ? '99+' : n}
      <span className="sr-only"> {t('menu.unread', 'unread')}</span>
    </span>
  ) : null;

/** The side menu: a real dialog sliding from the left (focus moves in, Escape closes, focus returns). */
export function SideMenu({
  title,
  header,
  items,
  onClose,
  busy,
}: {
  title: ReactNode;
  header?: ReactNode;
  items: MenuItem[];
  onClose: () => void;
  busy?: boolean;
}) {
  useLanguage();
  return (
    <Modal title={title} onClose={onClose} placement="left" className="side-menu" dismissible={!busy}>
      <button
        type="button"
        className="side-menu-close"
        aria-label={t('menu.close', 'Close menu')}
        onClick={onClose}
        disabled={busy}
      >
        <CloseIcon />
      </button>
      {header}
      <nav aria-label={t('menu.main', 'Main menu')}>
        <ul className="side-menu-list">
          {items.map((item) => (
            <li key={item.label}>
              {item.to ? (
                <Link to={item.to} className="side-menu-item" onClick={onClose}>
                  {item.icon}
                  <span>{item.label}</span>
                  <Badge n={item.badge} />
                </Link>
              ) : item.href ? (
                <a
                  href={item.href}
                  className="side-menu-item"
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={onClose}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </a>
              ) : (
                <button type="button" className="side-menu-item is-action" onClick={item.onClick} disabled={busy}>
                  {item.icon}
                  <span>{item.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </Modal>
  );
}
