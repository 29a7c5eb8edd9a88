/**
 * The local draft of a document, so a crash or a closed tab loses nothing: written on every change
 * while unsaved, cleared by a save, offered back when the same tool and resource open again. The
 * storage is a seam (localStorage by default; tests and hosts without it pass their own).
 */
import type { ToolDocument } from './toolModule.js';

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Draft {
  doc: ToolDocument;
  /** The version of the resource the draft was made from (none for a new document). */
  baseVersion?: number;
  savedAt: number;
}

export const draftKey = (tool: string, resourceId: string | undefined) => `ds-tool-draft:${tool}:${resourceId || 'new'}`;

function browserStorage(): DraftStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function createDraftStore(storage: DraftStorage | undefined = browserStorage()) {
  return {
    read(key: string): Draft | undefined {
      try {
        const text = storage?.getItem(key);
        const draft = text ? (JSON.parse(text) as Draft) : undefined;
        return draft && typeof draft === 'object' && draft.doc && typeof draft.savedAt === 'number' ? draft : undefined;
      } catch {
        return undefined;
      }
    },
    write(key: string, draft: Draft): void {
      try {
        storage?.setItem(key, JSON.stringify(draft));
      } catch {
        // A full or refused storage only loses the crash copy; the document on screen is intact.
      }
    },
    clear(key: string): void {
      try {
        storage?.removeItem(key);
      } catch {
        // as above
      }
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;
