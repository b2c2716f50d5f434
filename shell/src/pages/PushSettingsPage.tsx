import { useEffect, useState, type FormEvent } from 'react';
import { PageHeader } from '@matka/shared/ui';
import { useHomeInfoQuery } from '@matka/shared/api';
import { PUSH_CATEGORIES, PUSH_CATEGORY_LABELS, type PushCategory } from '@matka/shared/contract';
import {
  useShellPushFollowMutation,
  useShellPushSettingsQuery,
  useShellPushSubscribeMutation,
  useShellPushUnsubscribeMutation,
  useShellFamilyMarketsQuery,
} from '../api';
import { FormMessage } from '../components/form';
import { t, useLanguage } from '@matka/shared/i18n';

/** What each kind of notification is called (the contract's PUSH_CATEGORY_LABELS), in the language in use. */
function categoryLabel(c: PushCategory): string {
  void PUSH_CATEGORY_LABELS; // the English of these texts
  switch (c) {
    case 'results_bid':
      return t('push.catResultsBid', 'Results of markets I bid on today');
    case 'results_followed':
      return t('push.catResultsFollowed', 'Results of markets I follow');
    case 'wins':
      return t('push.catWins', 'My wins');
    case 'money':
      return t('push.catMoney', 'My deposits and withdrawals');
    case 'notices':
      return t('push.catNotices', 'Notices from the operator');
  }
}
import { PageLoading } from '@matka/shared';

type Support = 'checking' | 'ok' | 'unsupported' | 'denied';

/** The browser's push subscription of this app, if it has one (and whether it can have one). */
async function currentSubscription(): Promise<{ support: Support; sub: PushSubscription | null }> {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return { support: 'unsupported', sub: null };
  if (Notification.permission === 'denied') return { support: 'denied', sub: null };
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return { support: 'unsupported', sub: null };
  return { support: 'ok', sub: await reg.pushManager.getSubscription() };
}

const keyBytes = (b64url: string) =>
  Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const MSG_FAILED = () => t('push.failed', 'Could not turn on notifications on this phone. Please try again later.');

/**
 * /notifysettings: web push for this phone. Nothing asks for permission until the player taps
 * 'Turn on notifications'; they pick what they want to hear and the markets they follow.
 */
export default function PushSettingsPage() {
  useLanguage();
  const [support, setSupport] = useState<Support>('checking');
  const [sub, setSub] = useState<PushSubscription | null>(null);
  const settings = useShellPushSettingsQuery(sub?.endpoint, { skip: support === 'checking' });
  // every family's markets, each under its name
  const regular = useHomeInfoQuery().data?.result ?? [];
  const starline = useShellFamilyMarketsQuery('starline').data?.result ?? [];
  const gali = useShellFamilyMarketsQuery('gali').data?.result ?? [];
  const families = [
    { name: t('push.regular', 'Main markets'), markets: regular },
    { name: 'Starline', markets: starline },
    { name: t('home.gali', 'Gali Disawar'), markets: gali },
  ].filter((f) => f.markets.length > 0);
  const [subscribeCall, subscribing] = useShellPushSubscribeMutation();
  const [unsubscribeCall, unsubscribing] = useShellPushUnsubscribeMutation();
  const [followCall, following] = useShellPushFollowMutation();
  const [categories, setCategories] = useState<PushCategory[] | null>(null);
  const [follows, setFollows] = useState<number[] | null>(null);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let live = true;
    void currentSubscription().then(
      (c) => {
        if (!live) return;
        setSupport(c.support);
        setSub(c.sub);
      },
      () => live && setSupport('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const subscribed = !!sub && settings.data?.subscribed === true;
  const shownCategories = categories ?? (subscribed ? (settings.data?.categories ?? []) : [...PUSH_CATEGORIES]);
  const shownFollows = follows ?? settings.data?.follows ?? [];
  const busy = working || subscribing.isLoading || unsubscribing.isLoading || following.isLoading;

  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  async function turnOn(e: FormEvent) {
    e.preventDefault();
    setMessage({});
    if (shownCategories.length === 0)
      return setMessage({ error: t('push.chooseOne', 'Choose at least one kind of notification') });
    setWorking(true);
    try {
      const key = settings.data?.public_key;
      const reg = await navigator.serviceWorker.getRegistration();
      if (!key || !reg) return setMessage({ error: MSG_FAILED() });
      // the browser asks the player now, after their tap (never on opening the app)
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'denied') setSupport('denied');
        return setMessage({ error: t('push.notAllowed', 'Notifications were not allowed on this phone') });
      }
      let browserSub: PushSubscription;
      try {
        browserSub =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      } catch {
        return setMessage({ error: MSG_FAILED() });
      }
      const json = browserSub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const r = await subscribeCall({ subscription: json, categories: shownCategories });
      if ('error' in r || r.data?.status === false) {
        await browserSub.unsubscribe().catch(() => false);
        const msg = 'error' in r ? undefined : r.data?.msg;
        return setMessage({ error: msg || MSG_FAILED() });
      }
      setSub(browserSub);
      setCategories(null);
      if (follows) await followCall({ follows });
      setFollows(null);
      setMessage({ success: r.data?.msg || t('push.onNow', 'Notifications are on for this phone') });
    } finally {
      setWorking(false);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage({});
    if (!sub) return;
    if (shownCategories.length === 0)
      return setMessage({ error: t('push.chooseOrOff', 'Choose at least one kind of notification, or turn them off') });
    const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    const r = await subscribeCall({ subscription: json, categories: shownCategories });
    const f = await followCall({ follows: shownFollows });
    if ('error' in r || 'error' in f || r.data?.status === false || f.data?.status === false)
      return setMessage({
        error: ('data' in f && f.data?.msg) || t('resp.saveFailed', 'Could not save. Please try again.'),
      });
    setCategories(null);
    setFollows(null);
    setMessage({ success: t('push.saved', 'Saved') });
  }

  async function turnOff() {
    if (!sub) return;
    setMessage({});
    setWorking(true);
    try {
      await unsubscribeCall({ endpoint: sub.endpoint });
      await sub.unsubscribe().catch(() => false);
      setSub(null);
      setMessage({ success: t('push.offNow', 'Notifications are off for this phone') });
    } finally {
      setWorking(false);
    }
  }

  if (support === 'checking' || settings.isLoading) return <PageLoading />;

  return (
    <section className="push-settings">
      <PageHeader title={t('push.title', 'Phone notifications')} back fallback="/notifications" />
      {support === 'unsupported' && (
        <p className="card push-note" role="status">
          {t(
            'push.unsupported',
            'This browser cannot show notifications from the app. Add the app to your home screen, or use Chrome, Edge or Firefox.',
          )}
        </p>
      )}
      {support === 'denied' && (
        <p className="card push-note" role="status">
          {t(
            'push.denied',
            "Notifications are blocked for this app. Allow them in your browser's site settings, then come back here.",
          )}
        </p>
      )}
      {support === 'ok' && (
        <form className="card push-form" onSubmit={subscribed ? save : turnOn} noValidate>
          <p className="push-state">
            {subscribed
              ? t('push.stateOn', 'Notifications are on for this phone.')
              : t('push.stateOff', 'Notifications are off for this phone.')}
          </p>
          <fieldset>
            <legend>{t('push.tellMe', 'Tell me about')}</legend>
            {PUSH_CATEGORIES.map((c) => (
              <label key={c} className="push-check">
                <input
                  type="checkbox"
                  checked={shownCategories.includes(c)}
                  onChange={() => setCategories(toggle(shownCategories, c))}
                  disabled={busy}
                />
                {categoryLabel(c)}
              </label>
            ))}
          </fieldset>
          {families.length > 0 && (
            <fieldset>
              <legend>{t('push.follow', 'Markets I follow')}</legend>
              {families.map((f) => (
                <fieldset key={f.name} className="push-family">
                  <legend>{f.name}</legend>
                  {f.markets.map((m) => {
                    const id = Number(m.game_id);
                    return (
                      <label key={id} className="push-check">
                        <input
                          type="checkbox"
                          checked={shownFollows.includes(id)}
                          onChange={() => setFollows(toggle(shownFollows, id))}
                          disabled={busy}
                        />
                        {m.game_name}
                      </label>
                    );
                  })}
                </fieldset>
              ))}
            </fieldset>
          )}
          <FormMessage {...message} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
            {subscribed
              ? busy
                ? t('age.saving', 'Saving...')
                : t('push.save', 'Save')
              : busy
                ? t('push.turningOn', 'Turning on...')
                : t('push.turnOn', 'Turn on notifications')}
          </button>
          {subscribed && (
            <button
              type="button"
              className="btn btn-secondary btn-block"
              onClick={() => void turnOff()}
              disabled={busy}
            >
              {unsubscribing.isLoading
                ? t('push.turningOff', 'Turning off...')
                : t('push.turnOff', 'Turn off notifications')}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
