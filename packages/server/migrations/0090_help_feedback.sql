-- The help centre's articles and the users' feedback (docs/help.md).
--
-- A help article belongs to a topic (登录, 上传, 课程, 活动, …) and is edited in the back-office
-- (type=helpArticles); its body is HTML cleaned by the server before it is stored. The articles
-- below are the platform's own help, written for its real rules (chunked upload with resume, formats,
-- quotas, the slider captcha, the activity workflow); administrators may change or delete them.
CREATE TABLE help_articles (
  id text PRIMARY KEY,
  topic text NOT NULL,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL,
  video_url text,
  sort integer NOT NULL DEFAULT 0,
  updated_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX help_articles_topic_idx ON help_articles(topic, sort);

-- A feedback: written by a signed-in user, seen by its author and by the back-office of the author's
-- organisation and above (org_id is the author's organisation when it was sent). Screenshots are
-- stored files of the author (file_infos ids). context is what the author agreed to attach (page,
-- role, browser, recent errors) or NULL. apply_status: 0 待处理, 1 已处理, 2 无需处理.
CREATE TABLE feedback (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  org_id text NOT NULL,
  role text NOT NULL DEFAULT '',
  type text NOT NULL,
  content text NOT NULL,
  contact text NOT NULL DEFAULT '',
  screenshot_file_ids jsonb NOT NULL DEFAULT '[]',
  context jsonb,
  apply_status smallint NOT NULL DEFAULT 0,
  reply text,
  replied_by text,
  replied_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX feedback_user_idx ON feedback(user_id, created_at DESC);
CREATE INDEX feedback_org_status_idx ON feedback(org_id, apply_status, created_at DESC);

INSERT INTO help_articles (id, topic, title, summary, body, sort, created_at, updated_at) VALUES
('help-login-1', '登录', '如何登录平台', '用学校分配的账号和密码登录，登录后回到刚才的页面。',
 '<p>点击页面右上角的<strong>登录</strong>，输入学校或教育局分配的账号和密码。</p><ul><li><p>账号一般是工号、学籍号或手机号，以学校通知为准。</p></li><li><p>密码区分大小写，请检查键盘是否开启了大写锁定。</p></li><li><p>登录成功后会自动回到登录前打开的页面。</p></li></ul><p>同一浏览器的其他标签页会一起登录；在另一个标签页换了账号，本页会提示重新登录，避免用错账号提交内容。</p>',
 1, 1795000000000, 1795000000000),
('help-login-2', '登录', '出现滑块验证或提示登录过于频繁', '密码输错一次后需要拖动滑块完成验证；短时间内多次失败会被暂时限制。',
 '<p>为保护账号安全，同一账号<strong>输错一次密码</strong>后，再次登录需要先把滑块拖到缺口位置完成验证。验证只能使用一次，失败后会换一张新图片。</p><p>如果提示<strong>登录尝试过于频繁，请稍后再试</strong>，说明短时间内失败次数过多，请等待几分钟后再试，不要反复点击。</p><p>确认账号无误但仍无法登录时，请联系学校管理员重置密码，或拨打本页的账号服务热线。</p>',
 2, 1795000000000, 1795000000000),
('help-login-3', '登录', '提示“登录已过期，请重新登录”', '长时间未操作或在别处退出后，登录会失效，重新登录即可，内容不会丢失。',
 '<p>登录状态会在使用过程中自动续期。以下情况需要重新登录：</p><ol><li><p>长时间没有操作，登录已经过期；</p></li><li><p>在其他设备或页面点击了退出；</p></li><li><p>管理员停用了账号。</p></li></ol><p>网络短暂中断不会让您退出登录，恢复网络后继续操作即可。重新登录后会回到原来的页面；正在上传的文件可以继续上传，已上传的部分不会丢失。</p>',
 3, 1795000000000, 1795000000000),
('help-upload-1', '上传', '上传大文件：分片上传与断点续传', '大文件会切成 10 MB 的分片上传，网络中断或关闭页面后可以从断点继续。',
 '<p>平台把文件切成<strong>10 MB</strong>左右的分片依次上传，并在上传前校验文件的 MD5：</p><ul><li><p><strong>断点续传</strong>：网络中断时上传会自动暂停，恢复后继续；关闭页面后重新选择<strong>同一个文件</strong>，已上传的分片不会再传。</p></li><li><p><strong>秒传</strong>：同一个文件以前已完整上传过，会直接完成。</p></li><li><p>上传过程中请不要修改或移动原文件，否则校验会失败，需要重新上传。</p></li></ul><p>进度条显示已上传的大小；显示“校验中”时表示正在计算文件指纹，大文件需要稍等片刻。</p>',
 1, 1795000001000, 1795000001000),
('help-upload-2', '上传', '支持哪些文件格式和大小', '视频、图片、音频、文档、课件、压缩包等常见格式，单个文件最大 2 GB。',
 '<table><tbody><tr><th><p>类型</p></th><th><p>格式</p></th></tr><tr><td><p>视频</p></td><td><p>mp4、m4v、mov、avi、wmv、flv、mkv、webm、mpg、mpeg</p></td></tr><tr><td><p>图片</p></td><td><p>jpg、jpeg、png、gif、bmp、webp</p></td></tr><tr><td><p>音频</p></td><td><p>mp3、wav、aac、m4a、ogg、wma、flac</p></td></tr><tr><td><p>文档</p></td><td><p>doc、docx、pdf、txt、xls、xlsx、wps、rtf</p></td></tr><tr><td><p>课件</p></td><td><p>ppt、pptx、pps、ppsx</p></td></tr><tr><td><p>压缩包</p></td><td><p>zip、rar、7z</p></td></tr></tbody></table><p>单个文件最大 <strong>2 GB</strong>，手机端上传视频最大 180 MB。平台会按文件内容识别格式，把其他文件改成 .mp4 扩展名无法上传。课程和活动作品中的视频请使用 <strong>H.264 编码的 MP4</strong>，其他格式可能无法在线播放。</p>',
 2, 1795000001000, 1795000001000),
('help-upload-3', '上传', '提示存储空间不足或已达到最大上传数量', '每个账号有存储容量和文件数量上限，删除不用的文件或联系管理员调整。',
 '<p>每个账号可以保存的文件总大小和数量有上限（默认教师 20 GB / 5000 个，学生 1 GB / 300 个，家长 500 MB / 100 个，管理人员 50 GB / 20000 个，以本平台设置为准）。</p><p>出现<strong>已达到最大上传数量</strong>或<strong>存储空间不足</strong>时：</p><ul><li><p>删除不再使用的草稿作品或课程中的旧文件；</p></li><li><p>确需更多空间，请联系学校或教育局管理员调整。</p></li></ul><p>上传被拒绝时不会占用您的空间，已保存的内容也不会丢失。</p>',
 3, 1795000001000, 1795000001000),
('help-lesson-1', '课程', '观看课程与学习记录', '打开课程即可播放，平台会记住观看进度，下次从上次位置继续。',
 '<p>在<strong>首页</strong>或<strong>智慧学习</strong>中找到课程，点击进入即可播放。</p><ul><li><p>登录后平台会记录学习时长和观看位置，下次打开会从上次的位置继续。</p></li><li><p>播放器支持倍速、全屏和清晰度切换；视频卡顿时可以暂停片刻等待缓冲。</p></li><li><p>课程中有多个视频时，在右侧目录中切换。</p></li></ul><p>视频无法播放时，请先刷新页面；仍然不行，请通过本页的“意见反馈”提交，并勾选附带页面信息，方便我们定位问题。</p>',
 1, 1795000002000, 1795000002000),
('help-lesson-2', '课程', '记笔记、收藏课程', '播放时可以在笔记面板记录要点，收藏的课程在“我的收藏”中查看。',
 '<p>播放课程时打开<strong>笔记</strong>面板，输入内容后保存，笔记会记下当时的播放时间，点击笔记可以跳回对应位置。</p><p>点击课程页的<strong>收藏</strong>，之后可以在个人中心的“我的收藏”里找到它。</p><p>教师可以在“我的课程”中创建点播课或直播课：填写标题、学段学科、封面，上传 H.264 编码的 MP4 视频后提交，发布后其他用户才能看到。</p>',
 2, 1795000002000, 1795000002000),
('help-activity-1', '活动', '参加资源征集活动：报名、认领与提交作品', '在报名时间内报名并认领课时，在上传时间内上传作品包并提交。',
 '<ol><li><p><strong>报名</strong>：在活动详情页的报名时间内点击报名，填写姓名、手机号和任教的学段学科。</p></li><li><p><strong>认领课时</strong>：在目录树中勾选要做的课时，每个课时有人数上限，显示“已满”的不能再认领。</p></li><li><p><strong>上传作品</strong>：在上传时间内，为每个认领的课时上传作品包（课堂实录视频、教学设计、学习任务单、课件、作业练习等，以活动要求为准）。</p></li><li><p><strong>提交</strong>：保存后平台会自动做形式审查（视频编码、分辨率、帧率、时长等），审查通过才能提交。</p></li></ol><p>所有时间均为北京时间。提交后、进入评审前，可以撤回修改；放弃课时或取消报名后，作品会保留但不再参加评审。</p>',
 1, 1795000003000, 1795000003000),
('help-activity-2', '活动', '作品形式审查不通过怎么办', '按提示修改视频或补齐材料后重新保存，审查会自动重新进行。',
 '<p>形式审查会逐条列出不符合要求的地方，例如“帧率为 30.00 fps，要求 25 fps”或“缺少必需的材料：教学设计”。</p><ul><li><p>视频要求以活动说明为准，精品课默认要求：H.264 视频、AAC 音频、分辨率不低于 1920×1080、25 帧/秒、时长 10–20 分钟、不超过 1 GB。</p></li><li><p>用剪辑软件导出时选择“MP4（H.264）”，并设置对应的分辨率和帧率。</p></li><li><p>标为“提示”的项目不影响提交（除非活动要求严格），标为“错误”的必须修改。</p></li></ul><p>修改后重新上传并保存，审查会自动重新进行。</p>',
 2, 1795000003000, 1795000003000),
('help-activity-3', '活动', '作品评审：进度与结果', '提交后作品按评审级别逐级评审，可以在“我的作品”中查看每一级的进度。',
 '<p>作品提交后进入活动设置的评审流程（如校级、区级、市级），每一级由分配的评审人在评审时间内给出通过或不通过的意见。</p><ul><li><p>在活动的“作品管理”中可以看到每件作品在每一级的状态。</p></li><li><p>评审人不会评审自己的作品；区级和市级评审人也不会评审本校的作品，以保证公平。</p></li><li><p>评审开始后作品不能再撤回修改。</p></li></ul><p>最终结果由组织单位公布，优秀作品会在活动页面展示。</p>',
 3, 1795000003000, 1795000003000);
