import sanitizeHtml from 'sanitize-html';

/** Pictures only from our own uploads (the gateway writes them; no tracking pixels of other hosts). */
const OWN_IMAGE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9/_-]*\.(?:webp|png|jpe?g|gif)$/;

/** Players that may be embedded, by address: privacy-enhanced YouTube, VK Video, Rutube. */
const EMBEDS = [
  /^https:\/\/(?:www\.)?youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{6,20}(?:\?[A-Za-z0-9_=&.-]*)?$/,
  /^https:\/\/(?:www\.)?vk\.com\/video_ext\.php\?[A-Za-z0-9_=&.-]+$/,
  /^https:\/\/(?:www\.)?vkvideo\.ru\/video_ext\.php\?[A-Za-z0-9_=&.-]+$/,
  /^https:\/\/(?:www\.)?rutube\.ru\/play\/embed\/[A-Za-z0-9_-]+\/?(?:\?[A-Za-z0-9_=&.-]*)?$/,
];

const HTTP_LINK = /^https?:\/\/[^\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'br', 'a', 'img', 'iframe'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'allow', 'title'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Anything else goes with its content when it is code, keeps its text otherwise.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // Editors write <b>/<i> too; they are kept as their semantic twins.
    b: 'strong',
    i: 'em',
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const link: Record<string, string> = HTTP_LINK.test(href) ? { href, rel: 'noopener noreferrer nofollow', target: '_blank' } : {};
      return { tagName, attribs: link };
    },
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { src: attribs.src ?? '', allowfullscreen: 'allowfullscreen', width: '640', height: '360', title: attribs.title ?? 'Видео' },
    }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !OWN_IMAGE.test(frame.attribs.src ?? '');
    if (frame.tag === 'iframe') return !EMBEDS.some((pattern) => pattern.test(frame.attribs.src ?? ''));
    return false;
  },
};

/**
 * The body of a news item as it is stored and served: only the allowlisted tags and attributes;
 * links http(s) only, opened in a new tab without the opener or a referrer; images from our uploads;
 * embeds of the allowlisted players. Run on every write, so no stored body can carry a script.
 */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether the sanitised body has anything to show (text, a picture or a player). */
export function hasContent(html: string): boolean {
  return (
    /<(img|iframe)\b/.test(html) ||
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0
  );
}
