/**
 * A library's stylesheet (Plyr's, Mind Elixir's) made to style only what is inside `scope`: each of its
 * rules behind `:where(<scope>) `, so with the specificity it had, inside @media and @supports too.
 * Our own sheets are written that way (shared/adoptStyles.ts); a library's is rewritten when it goes
 * into a page's head, read by the browser's own CSS parser (a scratch document's sheet).
 */
export function scopeCss(css: string, scope: string, doc: Document = document): string {
  const scratch = doc.implementation.createHTMLDocument('');
  const style = scratch.createElement('style');
  style.textContent = css;
  scratch.head.append(style);
  const rules = style.sheet?.cssRules;
  if (!rules) return '';
  const prefix = (list: CSSRuleList) => {
    for (const rule of Array.from(list)) {
      if (rule instanceof CSSStyleRule) rule.selectorText = selectors(rule.selectorText).map((s) => `:where(${scope}) ${s}`).join(', ');
      // @media, @supports (a @keyframes' steps are no style rules: left as they are).
      else if ('cssRules' in rule) prefix(rule.cssRules as CSSRuleList);
    }
  };
  prefix(rules);
  return Array.from(rules, (rule) => rule.cssText).join('\n');
}

/** The selectors of a list, split at its top-level commas (not those inside `:not(a, b)` or `[title="a,b"]`). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}
