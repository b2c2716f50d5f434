import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  displayUsername,
  selectBettingOn,
  selectHome,
  selectIsLoggedIn,
  selectSession,
  useAppSelector,
  formatPoints,
  usePolling,
  selectLiveUp,
  SAFETY_POLL_MS,
} from '@matka/shared';
import { useShellInboxQuery } from '../api';
import { useHomeInfoQuery, useSettled, useWalletBalanceQuery } from '@matka/shared/api';
import { useLogout } from './useLogout';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { t, useLanguage } from '@matka/shared/i18n';
import {
  BellIcon,
  BookIcon,
  ChartIcon,
  HistoryIcon,
  HomeIcon,
  KeyIcon,
  LogoutIcon,
  PlusIcon,
  RatesIcon,
  ReceiptCheckIcon,
  ShieldIcon,
  TrophyIcon,
  WalletIcon,
} from '../components/navIcons';
import { SideMenu, type MenuItem } from '../components/SideMenu';
import { GuestTopBar, MenuButton } from './GuestTopBar';
import { Ticker } from '../components/Ticker';
import { BRAND_NAME, brandTitle } from '../lib/brand';

export { GuestTopBar, guestMenuItems } from './GuestTopBar';

/**
 * Side menu items of a player (spec section 2): all but Home, Charts, Change Password, Privacy Policy need
 * betting on; Notifications, with its unread count, Responsible Play and Verify a Receipt (a bid's
 * receipt checked) after Charts.
 */
export function playerMenuItems(bettingOn: boolean, unread = 0): MenuItem[] {
  const gated: MenuItem[] = [
    { label: t('menu.addFunds', 'Add Funds'), to: '/imp9', icon: <PlusIcon /> },
    { label: t('menu.wallet', 'Wallet'), to: '/wallet', icon: <WalletIcon /> },
    { label: t('menu.winHistory', 'Win History'), to: '/imp3', icon: <TrophyIcon /> },
    { label: t('menu.bidHistory', 'Bid History'), to: '/imp4', icon: <HistoryIcon /> },
    { label: t('menu.howToPlay', 'How To Play'), to: '/htp', icon: <BookIcon /> },
    { label: t('menu.gameRates', 'Game Rates'), to: '/gameRates', icon: <RatesIcon /> },
  ];
  return [
    { label: t('menu.home', 'Home'), to: '/imp', icon: <HomeIcon /> },
    ...(bettingOn ? gated : []),
    { label: t('menu.charts', 'Charts'), to: '/charts', icon: <ChartIcon /> },
    { label: t('menu.notifications', 'Notifications'), to: '/notifications', icon: <BellIcon />, badge: unread },
    { label: t('menu.responsible', 'Responsible Play'), to: '/responsible', icon: <ShieldIcon /> },
    { label: t('menu.verify', 'Verify a Receipt'), to: '/verify', icon: <ReceiptCheckIcon /> },
    { label: t('menu.changePassword', 'Change Password'), to: '/change', icon: <KeyIcon /> },
    { label: t('menu.privacy', 'Privacy Policy'), to: '/privacypolicy', icon: <ShieldIcon /> },
  ];
}

/**
 * The logged-in top bar: menu, scrolling brand title, wallet balance when betting is on (→ /imp7).
 * The balance is polled like the lists (every 5 s while the tab is visible) on every page with the
 * bar, so a win settled by a declared result shows wherever the player is.
 */
function PlayerTopBar() {
  useHomeInfoQuery();
  const home = useAppSelector(selectHome);
  const bettingOn = useAppSelector(selectBettingOn);
  useWalletBalanceQuery(undefined, { ...usePolling(), skip: !bettingOn });
  // the unread count: live events make it stale; without the stream it is asked for every minute
  const liveUp = useAppSelector(selectLiveUp);
  // the unread count once the first screen is done (a badge on the menu; the live stream keeps it after)
  const settled = useSettled();
  const unread =
    useShellInboxQuery(undefined, { pollingInterval: liveUp ? 0 : SAFETY_POLL_MS, skip: !settled }).data?.unread ?? 0;
  const { username, mobile } = useAppSelector(selectSession);
  const [open, setOpen] = useState(false);
  const [onLogout, loggingOut] = useLogout(() => setOpen(false));
  useLanguage();

  const items: MenuItem[] = [
    ...playerMenuItems(bettingOn, unread),
    {
      label: loggingOut ? t('menu.loggingOut', 'Logging out...') : t('menu.logout', 'Log out'),
      onClick: () => void onLogout(),
      icon: <LogoutIcon />,
    },
  ];

  return (
    <header className="topbar">
      <MenuButton open={open} onOpen={() => setOpen(true)} unread={unread} />
      {/* the scrolling brand title (spec); Home is in the menu. Not a link: a link's name must contain its visible text. */}
      <div className="topbar-brand">
        <Ticker text={brandTitle()} label={BRAND_NAME} />
      </div>
      {bettingOn && (
        <Link
          to="/imp7"
          className="topbar-wallet"
          aria-label={t('topbar.wallet', 'Wallet balance {points} points', { points: formatPoints(home.wallet_amt) })}
        >
          <WalletIcon size={18} />
          <span data-testid="topbar-wallet">{formatPoints(home.wallet_amt)}</span>
        </Link>
      )}
      {open && (
        <SideMenu
          title={displayUsername(username ?? '')}
          header={
            <div className="side-menu-user">
              <span className="side-menu-mobile">{mobile}</span>
              <Link to="/profile" className="side-menu-profile" onClick={() => setOpen(false)}>
                {t('menu.profile', 'My Profile')}
              </Link>
              <LanguageSwitch className="side-menu-lang" />
            </div>
          }
          items={items}
          busy={loggingOut}
          onClose={() => setOpen(false)}
        />
      )}
    </header>
  );
}

/** The top bar of the main layout: the player's, or the visitor's on public pages (/htp). */
export function TopBar() {
  return useAppSelector(selectIsLoggedIn) ? <PlayerTopBar /> : <GuestTopBar />;
}
