#!/usr/bin/env bash
# Regenerates every media file of the cloud-lesson demo content:
#   media/    four H.264 lesson clips (+ Chinese WebVTT captions and JPEG posters)
#             and one MPEG-2 clip for the player's "不支持的视频格式" case
#   banners/  seven 1920x430 home-banner slides (spec §2)
# Everything is drawn from ffmpeg's built-in generators (lavfi); nothing is downloaded.
#
# Needs: ffmpeg (Debian: apt-get install -y ffmpeg). Chinese text needs the Noto CJK
# fonts (apt-get install -y fonts-noto-cjk); without them English/Pinyin titles are drawn.
#
# Usage: bash packages/server/seed/make-media.sh
set -euo pipefail
cd "$(dirname "$0")"

command -v ffmpeg >/dev/null || { echo "ffmpeg is required (apt-get install -y ffmpeg)" >&2; exit 1; }

MEDIA=media
BANNERS=banners
mkdir -p "$MEDIA" "$BANNERS"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# ---------------------------------------------------------------- fonts
# drawtext is given font files (fontfile=); ffmpeg 5.1 reads face 0 of a .ttc collection.
font_file() { fc-match -f '%{file}' "$1" 2>/dev/null || true; }
CJK_BOLD=$(font_file 'Noto Sans CJK SC:style=Bold')
CJK_REG=$(font_file 'Noto Sans CJK SC:style=Regular')
MONO=$(font_file 'DejaVu Sans Mono')
if [[ "$CJK_BOLD" == *CJK* && "$CJK_REG" == *CJK* ]]; then
  CJK=1
  BOLD="fontfile=$CJK_BOLD"
  REG="fontfile=$CJK_REG"
else
  CJK=0
  BOLD="fontfile=$(font_file 'DejaVu Sans:style=Bold')"
  REG="fontfile=$(font_file 'DejaVu Sans')"
  echo "warning: Noto Sans CJK SC not found (apt-get install -y fonts-noto-cjk), drawing Pinyin/English titles only" >&2
fi

# Quiet, reproducible output: no encoder strings or creation times in the files.
FF=(ffmpeg -hide_banner -loglevel error -y)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

# txt NAME "中文" "fallback": writes the text drawn by drawtext (textfile avoids filtergraph escaping).
txt() {
  if [ "$CJK" = 1 ]; then printf '%s' "$2" >"$T/$1.txt"; else printf '%s' "$3" >"$T/$1.txt"; fi
}

# dt NAME SIZE COLOR X Y [ENABLE] [bold|reg] [BOX]: one drawtext filter.
dt() {
  local name=$1 size=$2 color=$3 x=$4 y=$5 enable=${6:-1} face=${7:-bold} box=${8:-0}
  local font=$BOLD
  [ "$face" = reg ] && font=$REG
  local f="drawtext=${font}:textfile=$T/${name}.txt:fontsize=${size}:fontcolor=${color}:x=${x}:y=${y}:enable='${enable}'"
  [ "$box" != 0 ] && f="${f}:box=1:boxcolor=${box}:boxborderw=10"
  printf '%s' "$f"
}

# The timer shown in the top-right corner of every clip (drawtext expansion, no escaping in a file).
printf '%s' '%{pts:hms}' >"$T/timer.txt"
TIMER="drawtext=fontfile=$MONO:textfile=$T/timer.txt:fontsize=18:fontcolor=white@0.85:x=w-tw-16:y=18"

# clip NAME DURATION PROFILE FASTSTART(1|0) AUDIO_SRC BACKGROUND_SRC FILTERS
#   BACKGROUND_SRC is a lavfi source chain producing 640x360 at 25 fps;
#   FILTERS are drawn on top of it; a progress bar slides along the bottom edge.
clip() {
  local name=$1 dur=$2 profile=$3 faststart=$4 audio=$5 bg=$6 filters=$7
  local level=3.0
  local mov=()
  [ "$faststart" = 1 ] && mov=(-movflags +faststart)
  "${FF[@]}" \
    -f lavfi -i "${bg},trim=duration=${dur},setpts=PTS-STARTPTS" \
    -f lavfi -i "color=c=0xffc53d:s=640x6:r=25:d=${dur}" \
    -f lavfi -i "${audio}" \
    -filter_complex "[0:v]drawbox=x=0:y=0:w=iw:h=58:color=black@0.45:t=fill,${filters},${TIMER}[bg];[bg][1:v]overlay=x='-W+W*t/${dur}':y=H-6:shortest=1,format=yuv420p[v]" \
    -map "[v]" -map 2:a -t "$dur" \
    -c:v libx264 -preset slow -profile:v "$profile" -level:v "$level" -crf 32 -maxrate 280k -bufsize 560k \
    -g 50 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p -threads 1 \
    -c:a aac -b:a 32k -ac 1 -ar 22050 \
    "${BITEXACT[@]}" "${mov[@]}" "$MEDIA/$name.mp4"
  # Poster: the frame at 4 s, where the first content scene is on screen.
  "${FF[@]}" -ss 4 -i "$MEDIA/$name.mp4" -frames:v 1 -q:v 4 "${BITEXACT[@]}" "$MEDIA/$name.jpg"
}

tone() { # tone FREQ DURATION: a soft sine tone, faded in and out
  echo "sine=frequency=$1:sample_rate=22050:duration=$2,volume=0.08,afade=t=in:d=0.5,afade=t=out:st=$(($2 - 1)):d=1"
}

# ---------------------------------------------------------------- clip 1: 语文·古诗两首
# Main profile, faststart, 12 s, warm gradient background.
txt c1title  '语文 · 古诗两首'                   'Yuwen · Gushi Liang Shou'
txt c1big    '古诗两首'                          'Gu Shi Liang Shou'
txt c1py     'gǔ shī liǎng shǒu · 二年级上册'     'gǔ shī liǎng shǒu · Grade 2'
txt c1p1t    '登鹳雀楼  [唐] 王之涣'              'Deng Guanque Lou - Wang Zhihuan'
txt c1p1a    '白日依山尽，黄河入海流。'            'bái rì yī shān jìn, huáng hé rù hǎi liú.'
txt c1p1b    '欲穷千里目，更上一层楼。'            'yù qióng qiān lǐ mù, gèng shàng yì céng lóu.'
txt c1p2t    '望庐山瀑布  [唐] 李白'              'Wang Lushan Pubu - Li Bai'
txt c1p2a    '日照香炉生紫烟，遥看瀑布挂前川。'      'rì zhào xiāng lú shēng zǐ yān, yáo kàn pù bù guà qián chuān.'
txt c1p2b    '飞流直下三千尺，疑是银河落九天。'      'fēi liú zhí xià sān qiān chǐ, yí shì yín hé luò jiǔ tiān.'
clip lesson-yuwen-gushi 12 main 1 "$(tone 523 12)" \
  "gradients=s=640x360:r=25:n=3:c0=0x7a1f1f:c1=0xc2562b:c2=0xe8a33d:seed=11:speed=0.02" \
  "$(dt c1title 26 white 20 12),\
$(dt c1big 64 white '(w-tw)/2' 120 'lt(t,3)'),\
$(dt c1py 24 white@0.9 '(w-tw)/2' 210 'lt(t,3)' reg),\
$(dt c1p1t 30 0xffe7ba '(w-tw)/2' 90 'between(t,3,7.5)'),\
$(dt c1p1a 34 white '(w-tw)/2' 160 'between(t,3.8,7.5)' reg black@0.25),\
$(dt c1p1b 34 white '(w-tw)/2' 230 'between(t,5.2,7.5)' reg black@0.25),\
$(dt c1p2t 30 0xffe7ba '(w-tw)/2' 90 'gte(t,7.5)'),\
$(dt c1p2a 28 white '(w-tw)/2' 160 'gte(t,8.2)' reg black@0.25),\
$(dt c1p2b 28 white '(w-tw)/2' 230 'gte(t,9.6)' reg black@0.25)"

# ---------------------------------------------------------------- clip 2: 数学·认识图形
# Baseline profile, faststart, 10 s, test pattern as the "teaching screen".
txt c2title '数学 · 认识图形'              'Shuxue · Renshi Tuxing'
txt c2big   '认识图形'                     'Ren Shi Tu Xing'
txt c2sub   '一年级上册 · 第四单元'         'Grade 1 · Unit 4'
txt c2sq    '正方形：四条边一样长'           'zhèng fāng xíng (square)'
txt c2rect  '长方形：对边一样长'             'cháng fāng xíng (rectangle)'
txt c2q     '想一想：生活中哪些物体是长方形的？' 'Think: which things are rectangles?'
clip lesson-shuxue-tuxing 10 baseline 1 "$(tone 440 10)" \
  "color=c=0x0b3d91:s=640x360:r=25[base];testsrc2=s=200x150:r=25[scr];[base][scr]overlay=x=420:y=80" \
  "drawbox=x=416:y=76:w=208:h=158:color=white:t=4,\
$(dt c2title 26 white 20 12),\
$(dt c2big 60 white 40 120 'lt(t,2.5)'),\
$(dt c2sub 24 white@0.9 40 200 'lt(t,2.5)' reg),\
drawbox=x=60:y=100:w=140:h=140:color=0xffd666:t=fill:enable='between(t,2.5,10)',\
$(dt c2sq 22 white 40 260 'between(t,2.5,5)' reg black@0.3),\
drawbox=x=230:y=130:w=160:h=90:color=0x5cdbd3:t=fill:enable='between(t,5,10)',\
$(dt c2rect 22 white 40 260 'between(t,5,7.5)' reg black@0.3),\
$(dt c2q 22 white 40 260 'gte(t,7.5)' reg black@0.3)"

# ---------------------------------------------------------------- clip 3: 英语·Hello!
# Main profile, faststart, 9 s, silent track, Game-of-Life background.
txt c3title 'English · Unit 1  Hello!'    'English · Unit 1  Hello!'
txt c3a     'Hello! 你好！'               'Hello! nǐ hǎo!'
txt c3b     "I'm Gina. 我是吉娜。"         "I'm Gina. wǒ shì jí nà."
txt c3c     'Nice to meet you! 很高兴认识你！' 'Nice to meet you!'
clip lesson-yingyu-hello 9 main 1 "anullsrc=channel_layout=mono:sample_rate=22050:duration=9" \
  "life=s=640x360:r=25:mold=10:ratio=0.08:seed=7:death_color=0x1d1d5a:life_color=0x69c0ff:mold_color=0x2f54eb" \
  "$(dt c3title 26 white 20 12),\
$(dt c3a 48 white '(w-tw)/2' 150 'lt(t,3)' bold black@0.45),\
$(dt c3b 44 white '(w-tw)/2' 150 'between(t,3,6)' bold black@0.45),\
$(dt c3c 34 white '(w-tw)/2' 150 'gte(t,6)' bold black@0.45)"

# ---------------------------------------------------------------- clip 4: 物理·光的折射
# Main profile, NO faststart (moov after mdat, for the upload tests), 14 s, Mandelbrot zoom.
txt c4title '物理 · 光的折射'                    'Wuli · Guang de Zheshe'
txt c4big   '光的折射'                            'Guang de Zhe She'
txt c4sub   '八年级上册 · 第四章 光现象'            'Grade 8 · Chapter 4'
txt c4a     '光从空气斜射入水中，传播方向发生偏折'     'Light bends when it enters water'
txt c4b     '折射角小于入射角'                      'Angle of refraction < angle of incidence'
txt c4c     '生活现象：水中的筷子看起来“折断”了'      'Chopsticks in water look bent'
clip lesson-wuli-zheshe 14 main 0 "$(tone 330 14)" \
  "mandelbrot=s=640x360:r=25:start_scale=3:end_scale=0.6:end_pts=350:maxiter=256" \
  "$(dt c4title 26 white 20 12),\
$(dt c4big 60 white '(w-tw)/2' 130 'lt(t,3.5)' bold black@0.35),\
$(dt c4sub 24 white '(w-tw)/2' 220 'lt(t,3.5)' reg black@0.35),\
$(dt c4a 26 white '(w-tw)/2' 280 'between(t,3.5,7)' reg black@0.5),\
$(dt c4b 28 white '(w-tw)/2' 280 'between(t,7,10.5)' reg black@0.5),\
$(dt c4c 26 white '(w-tw)/2' 280 'gte(t,10.5)' reg black@0.5)"

# ---------------------------------------------------------------- unsupported format: MPEG-2 in MPEG-PS (.mpg)
txt c5 'MPEG-2 · 不支持的视频格式' 'MPEG-2 · unsupported format'
"${FF[@]}" -f lavfi -i "smptebars=s=640x360:r=25:d=2" -f lavfi -i "$(tone 660 2)" \
  -vf "$(dt c5 30 white '(w-tw)/2' 300 1 bold black@0.6),format=yuv420p" \
  -c:v mpeg2video -b:v 500k -g 12 -c:a mp2 -b:a 64k -ar 44100 -t 2 \
  "${BITEXACT[@]}" "$MEDIA/unsupported-mpeg2.mpg"

# ---------------------------------------------------------------- captions (WebVTT, Chinese)
cat >"$MEDIA/lesson-yuwen-gushi.zh.vtt" <<'VTT'
WEBVTT
Kind: captions
Language: zh

1
00:00:00.000 --> 00:00:03.000
同学们好！今天我们一起学习古诗两首。

2
00:00:03.000 --> 00:00:05.200
第一首《登鹳雀楼》，唐代诗人王之涣写的。

3
00:00:05.200 --> 00:00:07.500
白日依山尽，黄河入海流。欲穷千里目，更上一层楼。

4
00:00:07.500 --> 00:00:09.600
第二首《望庐山瀑布》，作者是唐代诗人李白。

5
00:00:09.600 --> 00:00:12.000
飞流直下三千尺，疑是银河落九天。
VTT

cat >"$MEDIA/lesson-shuxue-tuxing.zh.vtt" <<'VTT'
WEBVTT
Kind: captions
Language: zh

1
00:00:00.000 --> 00:00:02.500
数学一年级上册，今天我们来认识图形。

2
00:00:02.500 --> 00:00:05.000
这是一个正方形，它的四条边一样长。

3
00:00:05.000 --> 00:00:07.500
这是一个长方形，它的对边一样长。

4
00:00:07.500 --> 00:00:10.000
想一想：生活中哪些物体的面是长方形的？
VTT

cat >"$MEDIA/lesson-yingyu-hello.zh.vtt" <<'VTT'
WEBVTT
Kind: captions
Language: zh

1
00:00:00.000 --> 00:00:03.000
Hello! 你好！

2
00:00:03.000 --> 00:00:06.000
I'm Gina. 我是吉娜。

3
00:00:06.000 --> 00:00:09.000
Nice to meet you! 很高兴认识你！
VTT

cat >"$MEDIA/lesson-wuli-zheshe.zh.vtt" <<'VTT'
WEBVTT
Kind: captions
Language: zh

1
00:00:00.000 --> 00:00:03.500
八年级物理第四章光现象，这节课学习光的折射。

2
00:00:03.500 --> 00:00:07.000
光从空气斜射入水中时，传播方向会发生偏折。

3
00:00:07.000 --> 00:00:10.500
这时，折射角小于入射角。

4
00:00:10.500 --> 00:00:14.000
生活中，插在水中的筷子看起来像“折断”了一样。
VTT

# ---------------------------------------------------------------- home banner slides (1920x430)
# banner FILE C0 C1 C2 SEED N (glyph text b<N>g)
# Art only, no words: the portal writes each slide's title, text and button over it as HTML, so they
# are read by screen readers and follow the chosen language. A large translucent glyph on the right.
banner() {
  local file=$1 c0=$2 c1=$3 c2=$4 seed=$5 n=$6
  "${FF[@]}" -f lavfi -i "gradients=s=1920x430:n=3:c0=$c0:c1=$c1:c2=$c2:x0=0:y0=0:x1=1920:y1=430:seed=$seed:d=1" \
    -vf "drawtext=${BOLD}:text='●':fontsize=900:fontcolor=white@0.06:x=1180:y=-330,\
drawtext=${BOLD}:text='●':fontsize=420:fontcolor=white@0.07:x=-60:y=180,\
drawtext=${BOLD}:text='○':fontsize=260:fontcolor=white@0.15:x=1580:y=200,\
$(dt b${n}g 300 white@0.16 1220 40),\
format=yuvj420p" \
    -frames:v 1 -q:v 2 "${BITEXACT[@]}" "$BANNERS/$file"
}

txt b1g '播' 'LIVE'
banner banner-01-live.jpg 0x1d39c4 0x2f54eb 0x36cfc9 101 1

txt b2g '学' 'LEARN'
banner banner-02-learn.jpg 0x006d75 0x13c2c2 0x95de64 102 2

txt b3g '评' 'TEST'
banner banner-03-assessment.jpg 0x531dab 0x722ed1 0xeb2f96 103 3

txt b4g '训' 'TRAIN'
banner banner-04-training.jpg 0xad4e00 0xfa8c16 0xfadb14 104 4

txt b5g '管' 'ADMIN'
banner banner-05-management.jpg 0x002766 0x0050b3 0x597ef7 105 5

txt b6g '校' 'SCHOOL'
banner banner-06-famous-school.jpg 0x820014 0xcf1322 0xff7a45 106 6

txt b7g '集' 'SHARE'
banner banner-07-resources.jpg 0x135200 0x389e0d 0x73d13d 107 7

ls -l "$MEDIA" "$BANNERS"
