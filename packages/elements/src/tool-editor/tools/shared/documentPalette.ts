/**
 * Colours that become part of a tool's document or of a file it exports (SVG, PNG, printed sheets).
 * They are literal values because they must read the same outside the element's theme; this is the
 * only file of the tools with colour literals (their screens read the theme tokens of shared/tokens.css).
 */

/** The page under an exported picture or a printed sheet. */
export const PAPER = '#fff';
/** Marked points and the model character. */
export const INK = '#000';

/** 四线三格 / 田字格 sheets: the grid in red as printed exercise books have it, traces in grey. */
export const SHEET = { grid: '#c0392b', gridLight: '#e08e8e', trace: '#bbb', note: '#666' } as const;

/** Colours given to the functions of a graph in turn (stored with each function). */
export const CURVE_COLOURS: readonly string[] & { 0: string; 1: string } = ['#1677ff', '#d4380d', '#389e0d', '#722ed1', '#d48806', '#08979c'];

/** A new whiteboard's background, stored in its scene. */
export const WHITEBOARD_BACKGROUND = '#ffffff';
