import { useState, type ChangeEvent, type FormEvent } from 'react';
import { messageOf, useSetSettingMutation, useSettingsQuery } from '../api';
import { QueryView } from '../parts';
import { settingLabel } from '@matka/shared/contract/schemas';

interface Field {
  /** a setting's key; its label is the contract's (settingLabel), as the server's messages name it */
  key: string;
  hint?: string;
  long?: boolean;
  /** a choice of values (a select), each with what it means */
  choices?: { value: string; label: string }[];
}

const onOff = (on: string, off: string) => [
  { value: 'off', label: off },
  { value: 'on', label: on },
];
const oneZero = (on: string, off: string) => [
  { value: '0', label: off },
  { value: '1', label: on },
];

/** The settings an owner changes, grouped as the app uses them (the server checks each value). */
const GROUPS: { title: string; fields: Field[] }[] = [
  {
    title: 'Money',
    fields: [
      { key: 'min_amt' },
      { key: 'max_amt', hint: '0: no maximum' },
      { key: 'min_withdrawal' },
      { key: 'withdraw_open_time', hint: 'e.g. 10:00 AM or 10:00 (Asia/Kolkata)' },
      { key: 'withdraw_close_time', hint: 'e.g. 11:00 PM or 23:00' },
    ],
  },
  {
    title: 'Results and safeguards',
    fields: [
      {
        key: 'result_certification',
        hint: "on: a declared result is published and settled only once a second operator with the results right certifies it (RESULT_CERTIFICATION=on in the server's configuration keeps it on)",
        choices: onOff('On: a second operator certifies every result', 'Off: a declared result is published at once'),
      },
      {
        key: 'manual_move_threshold',
        hint: 'a credit or debit of more points waits until another operator with the money right approves it (0: never)',
      },
      {
        key: 'certify_wait_hours',
        hint: 'an operator created, promoted or reset less than this long ago certifies no result (24 to 2160; 24 when empty)',
      },
      {
        key: 'require_age_declaration',
        hint: 'players declare they are 18 or older before any bid (apps that cannot ask it cannot bid)',
        choices: oneZero('Required', 'Not required'),
      },
      {
        key: 'canary_auto_rollback',
        hint: "a family's canary whose errors run well above its stable release's is rolled back by the server",
        choices: oneZero('On', 'Off'),
      },
    ],
  },
  {
    title: 'UPI payments',
    fields: [
      { key: 'upi_id', hint: 'name@bank' },
      { key: 'google_upi_payment_id' },
      { key: 'phonepay_upi_payment_id' },
      { key: 'payee_name' },
    ],
  },
  {
    title: 'Installed apps',
    fields: [
      {
        key: 'user_current_version',
        hint: "the version 'MATKA 04' apps offer to update to, e.g. 2.0.1",
      },
      {
        key: 'user_minimum_version',
        hint: "older 'MATKA 04' apps must update before they are used",
      },
    ],
  },
  {
    title: 'Contact numbers',
    fields: [{ key: 'mobile_no' }, { key: 'mobile_1' }, { key: 'telegram_no' }],
  },
  {
    title: 'Texts and images',
    fields: [
      { key: 'how_to_play_content', long: true },
      { key: 'video_link' },
      { key: 'deposit_rule', long: true },
      { key: 'withdrawal_rule', long: true },
      {
        key: 'privacy_policy',
        hint: 'empty: the app shows its built-in privacy policy',
        long: true,
      },
      { key: 'slider_images', hint: 'image links, one per line (at most 10)', long: true },
    ],
  },
  ...(
    [
      ['hi', 'Hindi'],
      ['mr', 'Marathi'],
    ] as const
  ).map(([lang, name]) => ({
    title: `Texts in ${name}`,
    fields: [
      { key: `how_to_play_content_${lang}`, long: true },
      { key: `deposit_rule_${lang}`, long: true },
      { key: `withdrawal_rule_${lang}`, long: true },
      { key: `privacy_policy_${lang}`, long: true },
    ].map((f) => ({ ...f, hint: `players who chose ${name} see it; empty: the English text` })),
  })),
];

type Request = NonNullable<ReturnType<typeof useSettingsQuery>['data']>['requests'][number];

/** A change of this setting that waits for a second owner, or for its time. */
function RequestNote({ r }: { r: Request }) {
  return (
    <p className="console-note" role="note">
      {r.approved_by
        ? `Turning it ${r.value} was requested by ${r.requested_by} and approved by ${r.approved_by}: it applies at ${r.applies_at}. Choosing On and Save withdraws it.`
        : `Turning it ${r.value} was requested by ${r.requested_by} at ${r.requested_at}: another owner approves it by choosing ${r.value === 'off' ? 'Off' : r.value} and Save. It applies 24 hours after the approval.`}
    </p>
  );
}

/** One setting: its value and its own Save, with the server's answer under it. */
function SettingForm({ field, value, request }: { field: Field; value: string; request?: Request }) {
  const [save, { isLoading }] = useSetSettingMutation();
  const [text, setText] = useState(value);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const id = `setting-${field.key}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const r = await save({ key: field.key, value: text });
    if ('error' in r) return setNote({ ok: false, text: messageOf(r.error) });
    setText(r.data.value);
    // a change one owner may not make alone: requested or approved, not made yet
    setNote({ ok: true, text: r.data.pending ? r.data.msg : 'Saved' });
  };
  // the same control as one line or, for long texts, as a text area
  const control = {
    id,
    value: text,
    'aria-describedby': field.hint ? `${id}-hint` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setText(e.target.value);
      setNote(null);
    },
    disabled: isLoading,
  };
  return (
    <form className="console-setting" onSubmit={submit} noValidate>
      <label htmlFor={id}>{settingLabel(field.key)}</label>
      {field.hint && (
        <p className="console-hint" id={`${id}-hint`}>
          {field.hint}
        </p>
      )}
      {request && <RequestNote r={request} />}
      {field.choices ? (
        <select {...control}>
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : field.long ? (
        <textarea rows={5} {...control} />
      ) : (
        <input {...control} />
      )}
      <div className="console-setting-row">
        <button type="submit" className="btn btn-secondary" disabled={isLoading || text === value}>
          {isLoading ? 'Saving...' : 'Save'}
        </button>
        {note && (
          <span className={note.ok ? 'console-saved' : 'console-error'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </span>
        )}
      </div>
    </form>
  );
}

/** Owner: the app settings (withdraw window, minimums, UPI ids, contact numbers, texts, slider images). */
export function SettingsPage() {
  const q = useSettingsQuery();
  return (
    <section>
      <h1>Settings</h1>
      {/* a refetch after a save keeps the forms (and their 'Saved') on the screen */}
      <QueryView query={{ ...q, isFetching: false }} loadingText="Loading settings...">
        {GROUPS.map((g) => (
          <div key={g.title} className="card">
            <h2>{g.title}</h2>
            {g.fields
              .filter((f) => q.data?.keys.includes(f.key))
              .map((f) => (
                <SettingForm
                  key={f.key}
                  field={f}
                  value={q.data?.settings[f.key] ?? f.choices?.[0].value ?? ''}
                  request={q.data?.requests.find((r) => r.key === f.key)}
                />
              ))}
            {g.title === 'UPI payments' && q.data?.qr && (
              <figure className="console-qr">
                <img src={q.data.qr.qr_image} alt={`QR code to pay ${q.data.qr.upi_id || 'no UPI id yet'}`} />
                <figcaption>
                  The QR code players scan on QR Payment, made from the UPI id and the payee name
                  {q.isFetching ? ' (updating...)' : ''}.
                </figcaption>
              </figure>
            )}
          </div>
        ))}
      </QueryView>
    </section>
  );
}
