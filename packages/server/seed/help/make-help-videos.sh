#!/usr/bin/env bash
# Regenerates the operation videos of the help centre and of <ds-help-widget> (help/*.mp4) and
# their posters (help/*.jpg): short silent H.264 clips, 640x360, drawn with ffmpeg's built-in
# generators (a title, then the steps one after another). Nothing is downloaded.
#
# Needs: ffmpeg and the Noto CJK fonts (Debian: apt-get install -y ffmpeg fonts-noto-cjk).
# Usage: bash packages/server/seed/help/make-help-videos.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v ffmpeg >/dev/null || { echo "ffmpeg is required (apt-get install -y ffmpeg)" >&2; exit 1; }
BOLD=$(fc-match -f '%{file}' 'Noto Sans CJK SC:style=Bold' 2>/dev/null || true)
REG=$(fc-match -f '%{file}' 'Noto Sans CJK SC:style=Regular' 2>/dev/null || true)
[[ "$BOLD" == *CJK* && "$REG" == *CJK* ]] || { echo "the Noto CJK fonts are required (apt-get install -y fonts-noto-cjk)" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
FF=(ffmpeg -hide_banner -loglevel error -y)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact)

# video NAME COLOR "标题" "第一步" "第二步" "第三步": 9 s; the title at once, a step every 2 s from 1.5 s.
video() {
  local name=$1 color=$2
  printf '%s' "$3" >"$T/$name-title.txt"
  local filters="drawbox=x=0:y=0:w=iw:h=72:color=black@0.35:t=fill"
  filters+=",drawtext=fontfile=$BOLD:textfile=$T/$name-title.txt:fontsize=32:fontcolor=white:x=(w-tw)/2:y=20"
  local i=0 step
  for step in "$4" "$5" "$6"; do
    i=$((i + 1))
    printf '%s' "$i. $step" >"$T/$name-$i.txt"
    local at; at=$(awk "BEGIN{print 1.5 + ($i - 1) * 2}")
    filters+=",drawtext=fontfile=$REG:textfile=$T/$name-$i.txt:fontsize=26:fontcolor=white:x=48:y=$((80 + i * 60)):enable='gte(t,$at)'"
    filters+=",drawbox=x=20:y=$((86 + i * 60)):w=14:h=14:color=0xffc53d:t=fill:enable='gte(t,$at)'"
  done
  "${FF[@]}" -f lavfi -i "color=c=$color:s=640x360:r=25:d=9" \
    -vf "$filters,format=yuv420p" -an \
    -c:v libx264 -preset slow -profile:v main -crf 30 -g 50 -pix_fmt yuv420p -threads 1 \
    "${BITEXACT[@]}" -movflags +faststart "$name.mp4"
  # The poster: the frame with every step on it.
  "${FF[@]}" -ss 8 -i "$name.mp4" -frames:v 1 -q:v 4 "${BITEXACT[@]}" "$name.jpg"
}

video wechat 0x07c160 '微信端：扫码登录云课堂' '打开微信，扫描帮助浮窗里的二维码' '关注公众号后点击“云课堂”菜单' '用学校分配的账号登录，即可看课、收藏'
video tv 0x1d39c4 'TV端：在电视上看课' '在电视应用商店安装“云课堂TV”' '打开应用，用手机扫描屏幕上的二维码' '在手机上确认登录，电视上选择课程播放'
video login 0x1677ff '如何登录平台' '在首页点击“登录”，输入账号和密码' '密码输错后按提示拖动滑块完成验证' '登录成功后自动回到刚才的页面'
video upload 0x13a8a8 '上传大文件与断点续传' '在上传区域选择或拖入文件' '大文件按 10 MB 分片上传，进度实时显示' '网络中断后重新选择同一文件，从断点继续'
video lesson 0x722ed1 '观看课程与记笔记' '在“学习”中打开一节课程开始播放' '播放时在右侧笔记面板记录要点' '下次打开从上次观看的位置继续'
video activity 0xd4380d '参加资源征集活动' '在活动页报名并认领课时' '在上传时间内上传作品包并提交' '在“我的作品”中查看每一级评审进度'
