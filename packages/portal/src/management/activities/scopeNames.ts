import type { ActivityScopeLabel } from '@dscloud/sdk/activities';

/**
 * The names of the subjects, editions and books the scope step has loaded (or the stored activity
 * named), so the summary can word a scope without asking the server again.
 */
export class ScopeNames {
  private readonly names = new Map<string, string>();

  constructor(labels: readonly ActivityScopeLabel[] = []) {
    for (const l of labels) {
      this.subject(l.stage, l.subjectCode, l.subjectName);
      if (l.editionId) this.edition(l.editionId, l.editionName);
      if (l.bookId) this.book(l.bookId, l.bookName);
    }
  }

  subject(stage: number, subjectCode: number, name?: string): string | undefined {
    return this.entry(`s:${stage}:${subjectCode}`, name);
  }

  edition(editionId: string, name?: string): string | undefined {
    return this.entry(`e:${editionId}`, name);
  }

  book(bookId: string, name?: string): string | undefined {
    return this.entry(`b:${bookId}`, name);
  }

  private entry(key: string, name: string | undefined): string | undefined {
    if (name) this.names.set(key, name);
    return this.names.get(key);
  }
}
