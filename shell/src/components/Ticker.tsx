/** A scrolling one-line text (a marquee). The full text stays readable to assistive technology. */
export function Ticker({ text, className = '', label }: { text: string; className?: string; label?: string }) {
  return (
    <div className={`ticker ${className}`} role="marquee" aria-label={label ?? text}>
      <div className="ticker-track" aria-hidden="true">
        <span>{text}</span>
        <span>{text}</span>
      </div>
    </div>
  );
}
