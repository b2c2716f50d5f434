import type { FormEvent, ReactNode } from 'react';
import { BRAND_NAME } from '../lib/brand';
import { BrandMark } from './icons';

/** The card of every auth screen: brand mark, title, the form. */
export function AuthCard({
  title,
  subtitle,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  onSubmit?: (e: FormEvent) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth">
      <div className="auth-brand" aria-hidden="true">
        <BrandMark />
        <span>{BRAND_NAME}</span>
      </div>
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </form>
      {footer && <div className="auth-footer">{footer}</div>}
    </div>
  );
}
