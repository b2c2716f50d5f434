/**
 * The one HTML sanitizer of the front ends (DOMPurify): operator texts (how to play, the rules, the
 * privacy policy) lose scripts, event handlers, styles, frames and forms; links open in a new tab; the
 * text's headings are nested under the page's title (its top level becomes h2). A federated singleton
 * (@matka/shared/html): a page that shows no operator HTML never downloads DOMPurify.
 */
import DOMPurify from 'dompurify';

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

export function sanitizeHtml(html: string): string {
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
