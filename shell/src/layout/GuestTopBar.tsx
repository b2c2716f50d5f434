import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '@matka/shared';
import {
  BookIcon,
  DownloadIcon,
  HistoryIcon,
  MenuIcon,
  PlusIcon,
  RatesIcon,
  TrophyIcon,
  UserIcon,
  WalletIcon,
} from '../components/navIcons';
import { SideMenu, type MenuItem } from '../components/SideMenu';
import { BRAND_NAME } from '../lib/brand';

/** Side menu of a visitor: everything leads to /login except How To Play (spec section 2). */
export function guestMenuItems(downloadUrl: string): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'Login', to: '/login', icon: <UserIcon /> },
    { label: 'My Profile', to: '/login', icon: <UserIcon /> },
    { label: 'Add Funds', to: '/login', icon: <PlusIcon /> },
    { label: 'Wallet', to: '/login', icon: <WalletIcon /> },
    { label: 'Win History', to: '/login', icon: <TrophyIcon /> },
    { label: 'Bid History', to: '/login', icon: <HistoryIcon /> },
    { label: 'How To Play', to: '/htp', icon: <BookIcon /> },
    { label: 'Game Rates', to: '/login', icon: <RatesIcon /> },
  ];
  return downloadUrl ? [...items, { label: 'Download App', href: downloadUrl, icon: <DownloadIcon /> }] : items;
}

export function MenuButton({ open, onOpen, unread = 0 }: { open: boolean; onOpen: () => void; unread?: number }) {
  return (
    <button
      type="button"
      className="topbar-menu"
      aria-label={unread ? `Open menu (${unread} unread notification${unread === 1 ? '' : 's'})` : 'Open menu'}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
    >
      <MenuIcon />
      {unread > 0 && <span className="topbar-menu-dot" aria-hidden="true" />}
    </button>
  );
}

/** The logged-out top bar: menu, brand, Login and Download App. */
export function GuestTopBar() {
  const [open, setOpen] = useState(false);
  const { appDownloadUrl } = getRuntimeConfig();
  return (
    <header className="topbar topbar-guest">
      <MenuButton open={open} onOpen={() => setOpen(true)} />
      <span className="topbar-title">{BRAND_NAME}</span>
      {appDownloadUrl && (
        <a
          className="topbar-action topbar-download"
          href={appDownloadUrl}
          target="_blank"
          rel="noopener noreferrer"
          download
        >
          <DownloadIcon />
          <span>Download App</span>
        </a>
      )}
      <Link className="topbar-action topbar-login" to="/login">
        Login
      </Link>
      {open && <SideMenu title={BRAND_NAME} items={guestMenuItems(appDownloadUrl)} onClose={() => setOpen(false)} />}
    </header>
  );
}
