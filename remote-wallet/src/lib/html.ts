/** Rule texts come from the operator as HTML: keep the markup, drop anything that runs code. */
const DROP = 'script,style,iframe,object,embed,link,meta,form,base';
const URL_ATTR = /^(href|src|xlink:href|action|formaction|srcset)$/i;
const SAFE_URL = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROP).forEach((n) => n.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const a of Array.from(el.attributes)) {
      if (/^on/i.test(a.name) || (URL_ATTR.test(a.name) && !SAFE_URL.test(a.value.trim()))) el.removeAttribute(a.name);
    }
    if (el.tagName === 'A') {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return doc.body.innerHTML;
}

/** Only web links may become a clickable receipt. */
export const isWebUrl = (s: unknown): s is string => typeof s === 'string' && /^https?:\/\//i.test(s.trim());
