/**
 * Demo content of the cloud-lesson area (SEED_DEMO): teacher introductions for the generated teacher
 * pool and the demo teacher accounts, special topics, the home carousel and 240 lessons from
 * `seed/lessons.ts` with videos, captions and covers served from `/static/seed/lesson-videos/`. The curriculum is loaded on every
 * start, demo or not: lessons are filed under it. Idempotent: rows are only added when missing, and
 * later starts move the demo live schedule along by whole days so it stays around today.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { carouselImages, type SlideVisibility, lessonDemoState, lessonKnowledgeNodes, lessonResources, lessons, specialSubjectLessons, specialSubjects, teacherInfos, users } from '../db/schema.js';
import carouselJson from '../../seed/carousel.json' with { type: 'json' };
import { specialSubjects as seedTopics } from '../../seed/catalogue.js';
import { DEFAULT_SEED, generateLessons, type SeedLesson } from '../../seed/lessons.js';
import { SEED_SCHOOLS, SEED_TEACHERS } from '../../seed/people.js';
import { seedCurriculum } from '../curriculum/curriculumSeed.js';
import { DEMO_ACCOUNTS, DEMO_ORG_IDS } from '../users/demoSeed.js';
import { insertMany } from '../db/insertMany.js';
import { chinaDayStart } from './lessonStats.js';
import { SEED_BANNER_PREFIX, SEED_LESSON_VIDEO_PREFIX } from './seedFiles.js';
import { DEMO_LESSON_ID_PATTERN, demoLessonId } from './demoLessonIds.js';
import { seedTaxonomy } from '../taxonomy/demoSeed.js';

export const DEMO_LESSON_COUNT = 240;
const DAY = 86_400_000;
/** At least this many lessons are the demo `teacher` account's (those whose video's title card names it): "my lessons" at once. */
const DEMO_TEACHER_LESSONS = 12;

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

interface Slide {
  id: string;
  key: string;
  sort: number;
  title: string;
  titleByIdentity?: Record<string, string>;
  subtitle: string;
  titleEn: string;
  titleByIdentityEn?: Record<string, string>;
  subtitleEn: string;
  image: string;
  target: Record<string, unknown>;
  visibility: SlideVisibility;
}

export async function seedCloudLessons(db: Orm, options: { demo: boolean; now: number }): Promise<void> {
  await seedCurriculum(db);
  if (!options.demo) return;
  const now = options.now;

  const keep = { skipExisting: true };
  await insertMany(
    db,
    specialSubjects,
    seedTopics.map((s) => ({ id: s.id, name: s.name, description: s.description, coverUrl: SEED_BANNER_PREFIX + s.banner, sort: s.sort, createdAt: now, updatedAt: now })),
    keep,
  );

  const slides = (carouselJson as { slides: Slide[] }).slides;
  await insertMany(
    db,
    carouselImages,
    slides.map((s) => ({
      id: s.id, groupId: 'home', slideKey: s.key, title: s.title, titleByIdentity: s.titleByIdentity ?? {}, subtitle: s.subtitle,
      titleEn: s.titleEn, titleByIdentityEn: s.titleByIdentityEn ?? {}, subtitleEn: s.subtitleEn,
      imageUrl: SEED_BANNER_PREFIX + s.image, target: s.target, visibility: s.visibility, sort: s.sort, createdAt: now, updatedAt: now,
    })),
    keep,
  );

  const schools = new Map(SEED_SCHOOLS.map((s) => [s.schoolId, s]));
  await insertMany(
    db,
    teacherInfos,
    SEED_TEACHERS.map((t, i) => {
      const school = schools.get(t.schoolId);
      const intro = `${school?.schoolName ?? ''}${t.title}，长期从事${t.stage === 2 ? '小学' : '初中'}教学，注重课堂互动与学生思维培养。`;
      return {
        id: t.teacherId, name: t.name, sex: t.sex, title: t.title, intro, schoolId: t.schoolId, schoolName: school?.schoolName ?? '',
        stage: t.stage, subjectCodes: [t.subjectCode], sort: i + 1, createdAt: now, updatedAt: now,
      };
    }),
    keep,
  );
  // The demo teacher accounts get their own introductions, tied to their user ids.
  const demoTeachers = DEMO_ACCOUNTS.filter((a) => a.username === 'teacher' || a.username === 'auditor');
  const present = await db.select({ id: users.id }).from(users).where(inArray(users.id, demoTeachers.map((a) => a.id)));
  const presentIds = new Set(present.map((r) => r.id));
  await insertMany(
    db,
    teacherInfos,
    demoTeachers
      .filter((a) => presentIds.has(a.id))
      .map((a, i) => ({
        id: `te-demo-${a.username}`, userId: a.id, name: a.displayName, sex: a.sex, title: '一级教师', intro: `${a.displayName}老师，演示账号。`,
        schoolId: DEMO_ORG_IDS.school, schoolName: '东山市南湖区实验小学', stage: 2, subjectCodes: a.username === 'teacher' ? [213, 214] : [213],
        sort: 100 + i, createdAt: now, updatedAt: now,
      })),
    keep,
  );

  const d = lessonDemoState;
  const [seeded] = await db.select({ anchorAt: d.anchorAt }).from(d).where(eq(d.key, 'lessons'));
  if (!seeded) {
    const demoTeacher = presentIds.has(demoTeachers[0]?.id ?? '') ? demoTeachers[0] : undefined;
    // One transaction: the ids are random, so a start cut short must leave no lessons a later start would add again.
    const generated = generateLessons({ count: DEMO_LESSON_COUNT, now, seed: DEFAULT_SEED }).map((l) => ({ ...l, lessonId: demoLessonId(l.lessonId) }));
    await db.transaction(async (tx) => {
      await insertLessons(tx, generated, demoTeacher?.id, now);
      await tx.insert(d).values({ key: 'lessons', anchorAt: chinaDayStart(now) }).onConflictDoNothing();
    });
    await seedTaxonomy(db, now);
    return;
  }
  const days = Math.round((chinaDayStart(now) - seeded.anchorAt) / DAY);
  if (days > 0) {
    const shift = days * DAY;
    await db
      .update(lessons)
      .set({ liveStartAt: sql`${lessons.liveStartAt} + ${shift}`, liveEndAt: sql`${lessons.liveEndAt} + ${shift}` })
      // Only the generated demo lessons move; a regular-expression match has no builder operator.
      .where(and(eq(lessons.liveFlag, 1), sql`${lessons.id} ~ ${DEMO_LESSON_ID_PATTERN}`));
    await db.update(d).set({ anchorAt: sql`${d.anchorAt} + ${shift}` }).where(eq(d.key, 'lessons'));
  }
  await seedTaxonomy(db, now);
}

async function insertLessons(db: Orm, list: SeedLesson[], demoTeacherId: string | undefined, now: number): Promise<void> {
  // Every lesson whose video the demo teacher presents belongs to the demo teacher (topped up to 12 with
  // primary lessons should a schedule have fewer); two of them unpublished.
  const filmed = list.filter((l) => l.demoTeacherVideo);
  const topUp = list.filter((l) => !l.demoTeacherVideo && l.stage === 2).slice(0, Math.max(0, DEMO_TEACHER_LESSONS - filmed.length));
  const mine = new Set(demoTeacherId ? [...filmed, ...topUp].map((l) => l.lessonId) : []);
  const unpublished = new Set([...mine].slice(0, 2));
  await insertMany(
    db,
    lessons,
    list.map((l) => {
      const own = mine.has(l.lessonId);
      const published = own ? !unpublished.has(l.lessonId) : l.published;
      const live = l.kind === 'live';
      return {
        id: l.lessonId, title: l.title, lessonType: l.lessonType, description: `${l.chapterPath.join(' / ')}。${l.bookName}，${l.editionName}。`,
        liveFlag: live ? 1 : 0, stage: l.stage, subjectCode: l.subjectCode, grade: l.grade, editionId: l.editionId, bookId: l.bookId,
        chapterNodeId: l.chapterId, teacherUserId: own ? demoTeacherId : null, teacherInfoId: own ? 'te-demo-teacher' : l.teacherId,
        teacherName: own ? '王晓明' : l.teacherName, schoolId: own ? DEMO_ORG_IDS.school : l.schoolId,
        schoolName: own ? '东山市南湖区实验小学' : l.schoolName, coverUrl: SEED_LESSON_VIDEO_PREFIX + l.coverFile,
        durationSeconds: live ? l.durationMinutes * 60 : l.videoSeconds, liveStartAt: ms(l.liveStartTime), liveEndAt: ms(l.liveEndTime),
        publishStatus: published ? 1 : 0, publishAt: published ? (ms(l.publishTime) ?? now) : null, excellentFlag: published && l.excellent ? 1 : 0,
        downloadCount: l.downloadCount, learningCount: Math.round(l.viewCount * 0.6), viewCount: l.viewCount, createdBy: own ? demoTeacherId : null,
        createdAt: ms(l.createTime)!, updatedAt: ms(l.createTime)!,
      };
    }),
    { skipExisting: true, batchSize: 500 },
  );
  await insertMany(
    db,
    lessonResources,
    list.map((l) => ({
      id: `rs-${l.lessonId}`, lessonId: l.lessonId, title: l.title, url: SEED_LESSON_VIDEO_PREFIX + l.videoFile,
      durationSeconds: l.videoSeconds, captionUrl: SEED_LESSON_VIDEO_PREFIX + l.captionFile, sort: 0,
    })),
    { skipExisting: true },
  );
  await insertMany(
    db,
    lessonKnowledgeNodes,
    list.flatMap((l) => (l.knowledgePointId ? [{ lessonId: l.lessonId, nodeId: l.knowledgePointId }] : [])),
    { skipExisting: true },
  );
  await insertMany(
    db,
    specialSubjectLessons,
    list.flatMap((l, i) => l.specialSubjectIds.map((s) => ({ specialSubjectId: s, lessonId: l.lessonId, sort: i }))),
    { skipExisting: true },
  );
}
