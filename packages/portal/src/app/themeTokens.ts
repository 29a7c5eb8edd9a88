import { fontFamily, palette, theme } from './theme';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The --ds-* tokens of the page, from the antd theme: the elements embedded in the portal (login,
 * player, uploader) show the portal's blue, and the portal's stylesheets use the same names. Every
 * colour of the palette becomes `--ds-color-<role>`; the elements' own names (docs/embedding.md) map
 * onto antd's tokens.
 */
export function themeTokens(): Record<`--ds-${string}`, string> {
  const token = theme.token ?? {};
  const colors = Object.fromEntries(Object.entries(palette).map(([role, value]) => [`--ds-color-${kebab(role)}`, value]));
  return {
    ...colors,
    '--ds-color-primary': token.colorPrimary ?? palette.primary,
    '--ds-color-link': token.colorLink ?? palette.primary,
    '--ds-color-focus': token.colorPrimary ?? palette.primary,
    '--ds-color-danger': token.colorError ?? palette.danger,
    '--ds-color-warning-text': palette.warningText,
    '--ds-color-warning-bg': palette.warningBg,
    '--ds-radius': `${token.borderRadius ?? 6}px`,
    '--ds-font-family': token.fontFamily ?? fontFamily,
  };
}

/** Writes the tokens on the page root before the first render. */
export function applyThemeTokens(root: HTMLElement): void {
  for (const [name, value] of Object.entries(themeTokens())) root.style.setProperty(name, value);
}
