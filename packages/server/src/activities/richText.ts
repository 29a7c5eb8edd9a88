/**
 * The activity notice is rich text written in the back-office editor and shown to every teacher, so
 * it is cleaned on the server before it is stored: only formatting tags survive, links keep http(s)
 * and mailto targets (opened in a new tab without the opener), images only http(s) or site-relative
 * sources, and scripts, styles, event handlers and `javascript:` URLs are dropped with their content.
 * sanitize-html (docs/architecture.md "Dependencies") does the parsing; this file is its policy.
 */
import sanitizeHtml from 'sanitize-html';

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'span', 'div', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark',
    'ul', 'ol', 'li',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
    'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  // Text layout only: no positioning, no backgrounds that could load URLs.
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-size': [/^\d{1,2}(\.\d+)?(px|em|rem|pt|%)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** The notice as it may be stored and shown. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, POLICY).trim();
}
