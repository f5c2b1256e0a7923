/**
 * Images pasted into a Jupyter Markdown cell: the cell's Markdown says `![image.png](attachment:image.png)`
 * and the file itself is in the cell (`cell.attachments`: file name → MIME type → base64). Jupyter
 * shows them in place; so does render-markdown.ts, through resolveAttachments on its sanitized tree.
 */

/** How a notebook cell's Markdown points at a file it carries. */
export const ATTACHMENT = 'attachment:';

/** Image types an attachment may show as; an SVG shown by <img> runs no script and loads nothing. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The data: URL of one attachment's MIME bundle (base64, maybe split in lines), or null if not an image. */
function imageUrl(bundle: unknown): string | null {
  if (typeof bundle !== 'object' || bundle === null) return null;
  for (const type of IMAGE_TYPES) {
    const value: unknown = (bundle as Record<string, unknown>)[type];
    const text = Array.isArray(value) ? value.join('') : value;
    if (typeof text !== 'string') continue;
    const base64 = text.replace(/\s+/g, '');
    if (BASE64.test(base64)) return `data:${type};base64,${base64}`;
    // An SVG kept as its text rather than base64.
    if (type === 'image/svg+xml' && text.trimStart().startsWith('<'))
      return `data:${type};charset=utf-8,${encodeURIComponent(text)}`;
  }
  return null;
}

/** The attachment an `attachment:` URL names; marked percent-encodes it (`图.png` → `%E5%9B%BE.png`). */
function lookUp(attachments: Readonly<Record<string, unknown>>, encoded: string): unknown {
  let name = encoded;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    // Not percent-encoding after all: the name as written.
  }
  if (Object.hasOwn(attachments, name)) return attachments[name];
  return Object.hasOwn(attachments, encoded) ? attachments[encoded] : undefined;
}

/**
 * Shows each `attachment:NAME` image from the cell's own attachments; one not found (or not an
 * image) keeps no src, so its alt text shows. Runs on the sanitized tree and only ever sets an
 * <img src>, to a data: URL it built itself: links to `attachment:` were refused before.
 */
export function resolveAttachments(root: DocumentFragment, attachments: Readonly<Record<string, unknown>> = {}): void {
  for (const image of Array.from(root.querySelectorAll<HTMLImageElement>(`img[src^="${ATTACHMENT}"]`))) {
    const url = imageUrl(lookUp(attachments, (image.getAttribute('src') ?? '').slice(ATTACHMENT.length)));
    if (url) image.setAttribute('src', url);
    else image.removeAttribute('src');
  }
}
