/**
 * Demo content of the cloud-lesson area (SEED_DEMO): teacher introductions for the generated teacher
 * pool and the demo teacher accounts, special topics, the home carousel and 240 lessons from
 * `seed/lessons.ts` with videos served from `/static/seed/media/`. The curriculum is loaded on every
 * start, demo or not: lessons are filed under it. Idempotent: rows are only added when missing, and
 * later starts move the demo live schedule along by whole days so it stays around today.
 */
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import carouselJson from '../../seed/carousel.json' with { type: 'json' };
import { specialSubjects } from '../../seed/catalogue.js';
import { DEFAULT_SEED, generateLessons, type SeedLesson } from '../../seed/lessons.js';
import { SEED_MEDIA } from '../../seed/media.js';
import { SEED_SCHOOLS, SEED_TEACHERS } from '../../seed/people.js';
import { seedCurriculum } from '../curriculum/curriculumSeed.js';
import { DEMO_ACCOUNTS, DEMO_ORG_IDS } from '../users/demoSeed.js';
import { insertMany } from '../db/insertMany.js';
import { chinaDayStart } from './lessonStats.js';
import { SEED_BANNER_PREFIX, SEED_MEDIA_PREFIX } from './seedFiles.js';
import { first, num } from '../db/rows.js';
import { seedTaxonomy } from '../taxonomy/demoSeed.js';

export const DEMO_LESSON_COUNT = 240;
const DAY = 86_400_000;
/** Lessons (by position) that the demo `teacher` account teaches: the portal shows "my lessons" at once. */
const DEMO_TEACHER_LESSONS = 12;

const clipSeconds = (video: string) => Object.values(SEED_MEDIA).find((c) => c.video === video)?.durationSeconds ?? 0;
const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

interface Slide {
  id: string;
  key: string;
  sort: number;
  title: string;
  titleByIdentity?: Record<string, string>;
  subtitle: string;
  image: string;
  target: Record<string, unknown>;
  visibility: string;
}

export async function seedCloudLessons(db: Orm, options: { demo: boolean; now: number }): Promise<void> {
  await seedCurriculum(db);
  if (!options.demo) return;
  const now = options.now;

  await insertMany(
    db,
    'special_subjects',
    ['id', 'name', 'description', 'cover_url', 'sort', 'created_at', 'updated_at'],
    specialSubjects.map((s) => [s.id, s.name, s.description, SEED_BANNER_PREFIX + s.banner, s.sort, now, now]),
    { onConflict: 'DO NOTHING' },
  );

  const slides = (carouselJson as { slides: Slide[] }).slides;
  await insertMany(
    db,
    'carousel_images',
    ['id', 'group_id', 'slide_key', 'title', 'title_by_identity', 'subtitle', 'image_url', 'target', 'visibility', 'sort', 'created_at', 'updated_at'],
    slides.map((s) => [s.id, 'home', s.key, s.title, s.titleByIdentity ?? {}, s.subtitle, SEED_BANNER_PREFIX + s.image, s.target, s.visibility, s.sort, now, now]),
    { onConflict: 'DO NOTHING' },
  );

  const schools = new Map(SEED_SCHOOLS.map((s) => [s.schoolId, s]));
  await insertMany(
    db,
    'teacher_infos',
    ['id', 'name', 'sex', 'title', 'intro', 'school_id', 'school_name', 'stage', 'subject_codes', 'sort', 'created_at', 'updated_at'],
    SEED_TEACHERS.map((t, i) => {
      const school = schools.get(t.schoolId);
      const intro = `${school?.schoolName ?? ''}${t.title}，长期从事${t.stage === 2 ? '小学' : '初中'}教学，注重课堂互动与学生思维培养。`;
      return [t.teacherId, t.name, t.sex, t.title, intro, t.schoolId, school?.schoolName ?? '', t.stage, [t.subjectCode], i + 1, now, now];
    }),
    { onConflict: 'DO NOTHING' },
  );
  // The demo teacher accounts get their own introductions, tied to their user ids.
  const demoTeachers = DEMO_ACCOUNTS.filter((a) => a.username === 'teacher' || a.username === 'auditor');
  const present = await db.execute(sql`SELECT id FROM users WHERE id IN (${sql.join(demoTeachers.map((a) => sql`${a.id}`), sql`, `)})`);
  const presentIds = new Set((present as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
  await insertMany(
    db,
    'teacher_infos',
    ['id', 'user_id', 'name', 'sex', 'title', 'intro', 'school_id', 'school_name', 'stage', 'subject_codes', 'sort', 'created_at', 'updated_at'],
    demoTeachers
      .filter((a) => presentIds.has(a.id))
      .map((a, i) => [`te-demo-${a.username}`, a.id, a.displayName, a.sex, '一级教师', `${a.displayName}老师，演示账号。`, DEMO_ORG_IDS.school,
        '东山市南湖区实验小学', 2, a.username === 'teacher' ? [213, 214] : [213], 100 + i, now, now]),
    { onConflict: 'DO NOTHING' },
  );

  const seeded = await first(db, sql`SELECT anchor_at FROM lesson_demo_state WHERE key = 'lessons'`);
  if (!seeded) {
    const demoTeacher = presentIds.has(demoTeachers[0]?.id ?? '') ? demoTeachers[0] : undefined;
    await insertLessons(db, generateLessons({ count: DEMO_LESSON_COUNT, now, seed: DEFAULT_SEED }), demoTeacher?.id, now);
    await db.execute(sql`INSERT INTO lesson_demo_state (key, anchor_at) VALUES ('lessons', ${chinaDayStart(now)}) ON CONFLICT DO NOTHING`);
    await seedTaxonomy(db, now);
    return;
  }
  const days = Math.round((chinaDayStart(now) - num(seeded.anchor_at)) / DAY);
  if (days > 0) {
    const shift = days * DAY;
    await db.execute(sql`UPDATE lessons SET live_start_at = live_start_at + ${shift}, live_end_at = live_end_at + ${shift}
                         WHERE live_flag = 1 AND id ~ '^ls-[0-9]{4}$'`);
    await db.execute(sql`UPDATE lesson_demo_state SET anchor_at = anchor_at + ${shift} WHERE key = 'lessons'`);
  }
  await seedTaxonomy(db, now);
}

async function insertLessons(db: Orm, lessons: SeedLesson[], demoTeacherId: string | undefined, now: number): Promise<void> {
  // The first primary Chinese and maths lessons belong to the demo teacher; two of them unpublished.
  const mine = new Set(lessons.filter((l) => l.stage === 2).slice(0, demoTeacherId ? DEMO_TEACHER_LESSONS : 0).map((l) => l.lessonId));
  const unpublished = new Set([...mine].slice(0, 2));
  const columns = ['id', 'title', 'lesson_type', 'description', 'live_flag', 'stage', 'subject_code', 'grade', 'edition_id', 'book_id',
    'chapter_node_id', 'teacher_user_id', 'teacher_info_id', 'teacher_name', 'school_id', 'school_name', 'cover_url', 'duration_seconds',
    'live_start_at', 'live_end_at', 'publish_status', 'publish_at', 'excellent_flag', 'download_count', 'learning_count', 'view_count',
    'created_by', 'created_at', 'updated_at'];
  await insertMany(
    db,
    'lessons',
    columns,
    lessons.map((l) => {
      const own = mine.has(l.lessonId);
      const published = own ? !unpublished.has(l.lessonId) : l.published;
      const live = l.kind === 'live';
      return [
        l.lessonId, l.title, l.lessonType, `${l.chapterPath.join(' / ')}。${l.bookName}，${l.editionName}。`, live ? 1 : 0, l.stage, l.subjectCode, l.grade,
        l.editionId, l.bookId, l.chapterId, own ? demoTeacherId : null, own ? 'te-demo-teacher' : l.teacherId, own ? '王晓明' : l.teacherName,
        own ? DEMO_ORG_IDS.school : l.schoolId, own ? '东山市南湖区实验小学' : l.schoolName, SEED_MEDIA_PREFIX + l.coverFile,
        live ? l.durationMinutes * 60 : clipSeconds(l.videoFile), ms(l.liveStartTime), ms(l.liveEndTime), published ? 1 : 0,
        published ? (ms(l.publishTime) ?? now) : null, published && l.excellent ? 1 : 0, l.downloadCount, Math.round(l.viewCount * 0.6),
        l.viewCount, own ? demoTeacherId : null, ms(l.createTime), ms(l.createTime),
      ];
    }),
    { onConflict: 'DO NOTHING', batchSize: 500 },
  );
  await insertMany(
    db,
    'lesson_resources',
    ['id', 'lesson_id', 'title', 'url', 'duration_seconds', 'caption_url', 'sort'],
    lessons.map((l) => [`rs-${l.lessonId}`, l.lessonId, l.title, SEED_MEDIA_PREFIX + l.videoFile, clipSeconds(l.videoFile), SEED_MEDIA_PREFIX + l.captionFile, 0]),
    { onConflict: 'DO NOTHING' },
  );
  await insertMany(
    db,
    'lesson_knowledge_nodes',
    ['lesson_id', 'node_id'],
    lessons.filter((l) => l.knowledgePointId).map((l) => [l.lessonId, l.knowledgePointId]),
    { onConflict: 'DO NOTHING' },
  );
  await insertMany(
    db,
    'special_subject_lessons',
    ['special_subject_id', 'lesson_id', 'sort'],
    lessons.flatMap((l, i) => l.specialSubjectIds.map((s) => [s, l.lessonId, i])),
    { onConflict: 'DO NOTHING' },
  );
}
