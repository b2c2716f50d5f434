import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { useShellHowToPlayQuery } from '../api';
import { ListState } from '../components/ListState';
import { PageHeader } from '@matka/shared';

/** The server's HTML with scripts, event handlers, styles and frames removed; links open in a new tab. */
export function sanitizeContent(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  clean.querySelectorAll('a[href]').forEach((a) => {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  });
  const box = document.createElement('div');
  box.appendChild(clean);
  return box.innerHTML;
}

/** Only web links may be opened from the video button. */
export const safeHttpUrl = (u: string | undefined): string | null =>
  u && /^https?:\/\//i.test(u.trim()) ? u.trim() : null;

/** /htp: How To Play text (sanitized HTML) and the tutorial video link. */
export default function HowToPlayPage() {
  const { data, isLoading, isError, refetch } = useShellHowToPlayQuery();
  const item = data?.content?.[0];
  const html = useMemo(() => sanitizeContent(item?.how_to_play_content ?? ''), [item?.how_to_play_content]);
  const video = safeHttpUrl(item?.video_link || data?.video_link);
  return (
    <section>
      <PageHeader title="How To Play" />
      <ListState
        loading={isLoading}
        error={isError}
        empty={!html && !video}
        emptyText="Nothing here yet."
        onRetry={() => void refetch()}
      >
        {html && <div className="card rich-text" dangerouslySetInnerHTML={{ __html: html }} />}
        {video && (
          <a className="btn btn-primary btn-block video-link" href={video} target="_blank" rel="noopener noreferrer">
            ▶ Watch the tutorial video
          </a>
        )}
      </ListState>
    </section>
  );
}
