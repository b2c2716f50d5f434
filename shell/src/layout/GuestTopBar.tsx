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
import { t, useLanguage } from '@matka/shared/i18n';
import { BRAND_NAME } from '../lib/brand';

/** Side menu of a visitor: everything leads to /login except How To Play (spec section 2). */
export function guestMenuItems(downloadUrl: string): MenuItem[] {
  const items: MenuItem[] = [
    { label: t('login.submit', 'Login'), to: '/login', icon: <UserIcon /> },
    { label: t('menu.profile', 'My Profile'), to: '/login', icon: <UserIcon /> },
    { label: t('menu.addFunds', 'Add Funds'), to: '/login', icon: <PlusIcon /> },
    { label: t('menu.wallet', 'Wallet'), to: '/login', icon: <WalletIcon /> },
    { label: t('menu.winHistory', 'Win History'), to: '/login', icon: <TrophyIcon /> },
    { label: t('menu.bidHistory', 'Bid History'), to: '/login', icon: <HistoryIcon /> },
    { label: t('menu.howToPlay', 'How To Play'), to: '/htp', icon: <BookIcon /> },
    { label: t('menu.gameRates', 'Game Rates'), to: '/login', icon: <RatesIcon /> },
  ];
  return downloadUrl
    ? [...items, { label: t('menu.download', 'Download App'), href: downloadUrl, icon: <DownloadIcon /> }]
    : items;
}

export function MenuButton({ open, onOpen, unread = 0 }: { open: boolean; onOpen: () => void; unread?: number }) {
  useLanguage();
  return (
    <button
      type="button"
      className="topbar-menu"
      aria-label={
        !unread
          ? t('menu.open', 'Open menu')
          : unread === 1
            ? t('menu.openUnreadOne', 'Open menu (1 unread notification)')
            : t('menu.openUnreadMany', 'Open menu ({n} unread notifications)', { n: unread })
      }
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
  useLanguage();
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
          <span>{t('menu.download', 'Download App')}</span>
        </a>
      )}
      <Link className="topbar-action topbar-login" to="/login">
        {t('login.submit', 'Login')}
      </Link>
      {open && <SideMenu title={BRAND_NAME} items={guestMenuItems(appDownloadUrl)} onClose={() => setOpen(false)} />}
    </header>
  );
}
