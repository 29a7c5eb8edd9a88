/**
 * Stored ids of the generated demo lessons. The generator numbers its lessons (`ls-0001`…,
 * seed/lessons.ts) the same on every installation; stored, each number gets 64 random bits drawn at
 * seed time (`ls-0001-3f9c…`), so the catalogue still sorts as generated but nobody can count through
 * it to reach unpublished lessons. Databases seeded before keep their plain `ls-0001`… ids.
 */
import { newId } from '../db/ids.js';

export const demoLessonId = (catalogueId: string): string => newId(catalogueId);

/** The generated demo lessons' ids, old and new: the live schedule moves these, demo tags go on these. */
export const DEMO_LESSON_ID_PATTERN = '^ls-[0-9]{4}(-[0-9a-f]{16})?$';
