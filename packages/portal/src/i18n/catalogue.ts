import { shellWords, type PortalLocale } from './messages';

/**
 * The words loaded so far, by language. The shell's are there from the start; a screen's words are
 * added with the screen's code (`routes/lazyScreen.ts`), both languages at once, so switching to
 * English on a screen already shown needs nothing more.
 */
const loaded: Record<PortalLocale, Record<string, string>> = { 'zh-CN': { ...shellWords['zh-CN'] }, en: { ...shellWords.en } };

export function wordsIn(locale: PortalLocale): Readonly<Record<string, string>> {
  return loaded[locale];
}

/** Adds a words module: each export named `…Zh` is Chinese, each `…En` English (the shape of `*Messages.ts`). */
export function addWords(module: Record<string, unknown>): void {
  for (const [name, words] of Object.entries(module)) {
    if (name.endsWith('Zh')) Object.assign(loaded['zh-CN'], words);
    else if (name.endsWith('En')) Object.assign(loaded.en, words);
  }
}

export type WordsLoader = () => Promise<Record<string, unknown>>;

/** The learning words (lesson cards, lists): the home screen's. */
export const learnWords: WordsLoader = () => import('./learnMessages');
/** Every screen's words. */
export const screenWords: WordsLoader = () => import('./screenWords');

const pending = new Map<WordsLoader, Promise<void>>();

/** Fetches and adds a words module once; a failed fetch may be tried again. */
export function loadWords(loader: WordsLoader): Promise<void> {
  let done = pending.get(loader);
  if (!done) {
    done = loader().then(addWords, (cause: unknown) => {
      pending.delete(loader);
      throw cause;
    });
    pending.set(loader, done);
  }
  return done;
}
