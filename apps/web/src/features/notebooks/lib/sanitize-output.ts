import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** DOMPurify for HTML and SVG cell outputs, loaded lazily by components/outputs.tsx. */

let purifier: Purifier | null = null;
function sanitizer(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      // Images inside HTML outputs: inline data only (no request to any address an output names).
      if (node.tagName === 'IMG' && !/^data:image\/(png|jpeg|gif|webp);/i.test(node.getAttribute('src') ?? '')) {
        node.removeAttribute('src');
      }
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return purifier;
}

export function sanitizeHtml(html: string): DocumentFragment {
  return sanitizer().sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'link',
      'meta',
    ],
    FORBID_ATTR: ['style', 'id', 'class'],
  });
}

export function svgDataUrl(svg: string): string {
  const clean = sanitizer().sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(clean)}`;
}
