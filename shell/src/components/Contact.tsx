import type { ReactNode } from 'react';
import { t } from '@matka/shared/i18n';
import { openContact, type ContactKind } from '../lib/contact';
import { useAdminNumber } from '../lib/social';
import { PhoneIcon, TelegramIcon, WhatsAppIcon } from './icons';

const ICONS: Record<ContactKind, () => ReactNode> = {
  whatsapp: () => <WhatsAppIcon size={20} />,
  telegram: () => <TelegramIcon size={20} />,
  call: () => <PhoneIcon />,
};

/** A button that opens a WhatsApp chat, a Telegram chat or a call to `number`. */
export function ContactButton({
  kind,
  number,
  label,
  className = '',
}: {
  kind: ContactKind;
  number: string | null | undefined;
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-contact btn-${kind} ${className}`}
      onClick={() => openContact(kind, number)}
    >
      {ICONS[kind]()}
      <span>{label}</span>
    </button>
  );
}

/** 'Contact Admin': a WhatsApp chat with the admin number (social data mobile_no). */
export function ContactAdminButton() {
  const number = useAdminNumber();
  return (
    <ContactButton kind="whatsapp" number={number} label={t('contact.admin', 'Contact Admin')} className="btn-block" />
  );
}
