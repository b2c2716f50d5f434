import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { useShellHowToPlayQuery } from '../api';
import { ListState } from '../components/ListState';
import { PageHeader } from '@matka/shared';

/**
 * Moves the content's headings so that its top level is h2: the text sits under the page's h1, and
 * an operator's `<h1>` or `<h3>` would break the page's heading order.
 */
function nestHeadings(root: DocumentFragment) {
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  if (!headings.length) return;
  const shift = 2 - Math.min(...headings.map((h) => Number(h.tagName[1])));
  if (!shift) return;
  for (const h of headings) {
    const level = Math.min(6, Number(h.tagName[1]) + shift);
    const next = document.createElement(`h${level}`);
    while (h.firstChild) next.appendChild(h.firstChild);
    h.replaceWith(next);
  }
}

/**
 * The server's HTML with scripts, event handlers, styles and frames removed; links open in a new tab;
 * headings nested under the page's title.
 */
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
  nestHeadings(clean);
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
