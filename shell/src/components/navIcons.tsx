/** The top bars', menus' and tiles' icons (not the login page's; see icons.tsx). */
import { Svg } from './icons';

export const MenuIcon = () => (
  <Svg>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const WalletIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <rect x="2" y="6" width="20" height="14" rx="2" />
    <path d="M16 13h2M2 10h20M6 6l9-3 2 3" />
  </Svg>
);
export const PlusIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Svg>
);
export const ArrowUpIcon = () => (
  <Svg>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);
export const StarIcon = () => (
  <Svg>
    <path d="M12 2l3 7h7l-5.5 4.5 2 7.5L12 17l-6.5 4 2-7.5L2 9h7z" />
  </Svg>
);
export const DiceIcon = () => (
  <Svg>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <circle cx="8" cy="8" r="1" fill="currentColor" />
    <circle cx="16" cy="16" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
  </Svg>
);
export const BookIcon = () => (
  <Svg>
    <path d="M4 4h7a3 3 0 013 3v13a2 2 0 00-2-2H4zM20 4h-5a3 3 0 00-3 3" />
  </Svg>
);
export const HomeIcon = () => (
  <Svg>
    <path d="M3 11l9-8 9 8v10H5V11" />
  </Svg>
);
export const HistoryIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
export const TrophyIcon = () => (
  <Svg>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0zM7 6H4a3 3 0 003 4M17 6h3a3 3 0 01-3 4" />
  </Svg>
);
export const ChartIcon = () => (
  <Svg>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Svg>
);
export const RatesIcon = () => (
  <Svg>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Svg>
);
export const KeyIcon = () => (
  <Svg>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l9-9M17 6l3 3" />
  </Svg>
);
export const ShieldIcon = () => (
  <Svg>
    <path d="M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z" />
  </Svg>
);
/** A receipt with a check mark: Verify a Receipt (the shield is Responsible Play's). */
export const ReceiptCheckIcon = () => (
  <Svg>
    <path d="M6 2h12v20l-3-2-3 2-3-2-3 2zM9 11l2 2 4-4" />
  </Svg>
);
export const BellIcon = () => (
  <Svg>
    <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />
  </Svg>
);
export const LogoutIcon = () => (
  <Svg>
    <path d="M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9" />
  </Svg>
);
export const UserIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0116 0" />
  </Svg>
);
export const DownloadIcon = () => (
  <Svg>
    <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
  </Svg>
);
export const HeadsetIcon = () => (
  <Svg>
    <path d="M3 14v-2a9 9 0 0118 0v2M21 15a2 2 0 01-2 2h-1v-6h1a2 2 0 012 2zM3 15a2 2 0 002 2h1v-6H5a2 2 0 00-2 2z" />
  </Svg>
);
