-- The operation videos of the help centre (docs/help.md): the platform's own short clips
-- (packages/server/seed/help, served at /static/seed/help/) on the seeded articles of each topic
-- that has none yet. An article an administrator gave another video (or none on purpose after this)
-- is left as it is.
UPDATE help_articles SET video_url = '/static/seed/help/login.mp4' WHERE id = 'help-login-1' AND video_url IS NULL;
UPDATE help_articles SET video_url = '/static/seed/help/upload.mp4' WHERE id = 'help-upload-1' AND video_url IS NULL;
UPDATE help_articles SET video_url = '/static/seed/help/lesson.mp4' WHERE id = 'help-lesson-2' AND video_url IS NULL;
UPDATE help_articles SET video_url = '/static/seed/help/activity.mp4' WHERE id = 'help-activity-1' AND video_url IS NULL;
-- The help widget's 微信端 and TV端 videos, where the settings name none.
UPDATE global_config SET config_value = '/static/seed/help/wechat.mp4' WHERE config_key = 'common.help.wechatVideo' AND config_value = '';
UPDATE global_config SET config_value = '/static/seed/help/tv.mp4' WHERE config_key = 'common.help.tvVideo' AND config_value = '';
