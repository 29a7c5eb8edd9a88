-- English words of a carousel slide, shown when the portal is in English: an empty value (the
-- default) shows the Chinese one. The demo slides get theirs (seed/carousel.json) where their Chinese
-- words are still the seeded ones.
ALTER TABLE carousel_images ADD COLUMN title_en text NOT NULL DEFAULT '';
ALTER TABLE carousel_images ADD COLUMN title_by_identity_en jsonb NOT NULL DEFAULT '{}';
ALTER TABLE carousel_images ADD COLUMN subtitle_en text NOT NULL DEFAULT '';
UPDATE carousel_images SET title_en = 'Live classroom', title_by_identity_en = '{}'::jsonb, subtitle_en = 'Famous teachers live online · the timetable at a glance · replays any time' WHERE id = 'cs-01' AND title = '直播课堂' AND title_en = '';
UPDATE carousel_images SET title_en = 'Smart learning · Smart teaching', title_by_identity_en = '{"5": "Smart teaching", "6": "Smart learning", "7": "Smart learning"}'::jsonb, subtitle_en = 'Chapters of your textbook · on-demand lessons · learn each knowledge point' WHERE id = 'cs-02' AND title = '智慧学习 · 智慧教学' AND title_en = '';
UPDATE carousel_images SET title_en = 'Smart assessment', title_by_identity_en = '{}'::jsonb, subtitle_en = 'Learning diagnosis · precise assessment · personal learning reports' WHERE id = 'cs-03' AND title = '智慧测评' AND title_en = '';
UPDATE carousel_images SET title_en = 'Smart training', title_by_identity_en = '{}'::jsonb, subtitle_en = 'Teacher professional development · IT skills · research and training in one' WHERE id = 'cs-04' AND title = '智慧培训' AND title_en = '';
UPDATE carousel_images SET title_en = 'Smart management', title_by_identity_en = '{}'::jsonb, subtitle_en = 'Mobile office · data cockpit · one network for education governance' WHERE id = 'cs-05' AND title = '智慧管理' AND title_en = '';
UPDATE carousel_images SET title_en = 'Famous schools', title_by_identity_en = '{}'::jsonb, subtitle_en = 'Leading schools together · their lessons shared · education in balance' WHERE id = 'cs-06' AND title = '名校专区' AND title_en = '';
UPDATE carousel_images SET title_en = 'Resource collection', title_by_identity_en = '{}'::jsonb, subtitle_en = 'Quality resource collection is open · upload your works · reviewed and shown' WHERE id = 'cs-07' AND title = '资源征集' AND title_en = '';
