/** The demo curriculum (`curriculum.json`, made by make-curriculum.mjs) and special topics, typed. */
import curriculumJson from './curriculum.json' with { type: 'json' };
import specialSubjectsJson from './specialSubjects.json' with { type: 'json' };

export interface CurriculumEdition {
  id: string;
  name: string;
  alias: string;
  publisher: string;
  sort: number;
}

export interface CurriculumSubject {
  stage: number;
  subjectCode: number;
  name: string;
  editionId: string;
}

export interface CurriculumBook {
  id: string;
  editionId: string;
  stage: number;
  subjectCode: number;
  grade: number;
  gradeName: string;
  /** 1 上册, 2 下册 */
  term: number;
  termName: string;
  name: string;
  sort: number;
}

/** A chapter node (单元 / 课 / 课文中的篇目); roots have `parentId: null` and hang under `bookId`. */
export interface CurriculumChapter {
  id: string;
  parentId: string | null;
  name: string;
  level: number;
  sort: number;
  bookId: string;
}

export interface CurriculumKnowledgePoint {
  id: string;
  parentId: string | null;
  name: string;
  level: number;
  sort: number;
  stage: number;
  subjectCode: number;
}

export interface Curriculum {
  version: number;
  description: string;
  editions: CurriculumEdition[];
  subjects: CurriculumSubject[];
  books: CurriculumBook[];
  chapters: CurriculumChapter[];
  knowledgePoints: CurriculumKnowledgePoint[];
}

export interface SpecialSubject {
  id: string;
  name: string;
  sort: number;
  description: string;
  /** Chapter-name fragments that make a lesson belong to this topic. */
  keywords: string[];
  /** A banner image in `banners/`. */
  banner: string;
}

export const curriculum: Curriculum = curriculumJson as Curriculum;
export const specialSubjects: readonly SpecialSubject[] = (specialSubjectsJson as { specialSubjects: SpecialSubject[] })
  .specialSubjects;

