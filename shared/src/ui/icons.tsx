/** Small decorative icons for the tiles (inline SVG: no image requests). */
const svg = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

/** The history and chart tiles' icons (Starline, Gali). */
export const TILE_ICONS = {
  bids: svg('M9 4h6M8 2h8v4H8zM6 4H4v18h16V4h-2M8 11h8M8 15h8M8 19h5'),
  wins: svg('M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H3a4 4 0 0 0 4 4M17 6h4a4 4 0 0 1-4 4'),
  chart: svg('M3 3v18h18M7 15l4-4 3 3 6-7'),
};
