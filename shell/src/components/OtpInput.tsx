import { t } from '@matka/shared/i18n';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

/**
 * Code boxes ('OTP digit 1' … 'OTP digit N'): typing a digit moves to the next box (also when it is
 * the digit the box already holds), pasting fills every box, Backspace in an empty box goes back to
 * the previous one.
 */
export function OtpInput({
  value,
  onChange,
  length = 4,
  disabled,
  invalid,
}: {
  value: string;
  onChange: (code: string) => void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => (/\d/.test(value[i] ?? '') ? value[i] : ''));
  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  function setFrom(start: number, typed: string) {
    const clean = typed.replace(/\D/g, '');
    const next = [...digits];
    if (!clean) {
      next[start] = '';
      emit(next);
      return;
    }
    let i = start;
    for (const ch of clean) {
      if (i >= length) break;
      next[i++] = ch;
    }
    emit(next);
    focus(i);
  }

  function emit(next: string[]) {
    // keep positions: an empty box in the middle stays a gap marker (space) so later boxes keep their digit
    onChange(
      next
        .map((d) => d || ' ')
        .join('')
        .trimEnd(),
    );
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (/^\d$/.test(e.key) && e.key === digits[i]) {
      // Typing over a box's own digit changes nothing, so no change event would move on: move here.
      e.preventDefault();
      focus(i + 1);
    } else if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      emit(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  }

  function onPaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    const text = e.clipboardData.getData('text');
    if (!/\d/.test(text)) return;
    e.preventDefault();
    setFrom(i === 0 || text.replace(/\D/g, '').length >= length ? 0 : i, text);
  }

  return (
    <div
      className={`otp-boxes ${invalid ? 'otp-invalid' : ''}`}
      role="group"
      aria-label={t('otp.code', 'One-time code')}
    >
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="otp-box"
          aria-label={t('otp.digit', 'OTP digit {n}', { n: i + 1 })}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          value={d}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const v = e.target.value;
            // a box holding a digit receives the new one typed after it
            setFrom(i, v.length > 1 && d ? v.replace(d, '') || v : v);
          }}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
