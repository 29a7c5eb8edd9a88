#!/usr/bin/env bash
# Draws the covers of the demo resource-collection activities (banners/activity-*.jpg, 960x540, the
# 16:9 of the activity cards): a bureau's poster style — a deep gradient, a light ribbon band, the
# organiser's line with a seal-like ring, the activity's title in two lines and the three stages of
# an activity along the bottom. Everything is drawn with ffmpeg's lavfi generators and drawtext;
# nothing is downloaded. Byte-reproducible on the same ffmpeg build, like make-media.sh.
#
# Needs: ffmpeg and the Noto CJK fonts (Debian: apt-get install -y ffmpeg fonts-noto-cjk).
# Usage: bash packages/server/seed/make-activity-covers.sh
set -euo pipefail
cd "$(dirname "$0")"
command -v ffmpeg >/dev/null || { echo "ffmpeg is required (apt-get install -y ffmpeg)" >&2; exit 1; }

OUT=banners
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
font_file() { fc-match -f '%{file}' "$1" 2>/dev/null || true; }
BOLD=$(font_file 'Noto Sans CJK SC:style=Bold')
REG=$(font_file 'Noto Sans CJK SC:style=Regular')
[[ "$BOLD" == *CJK* && "$REG" == *CJK* ]] || { echo "Noto Sans CJK SC is required (apt-get install -y fonts-noto-cjk)" >&2; exit 1; }
FF=(ffmpeg -hide_banner -loglevel error -y)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact)

# t NAME SIZE COLOR X Y [reg]: one drawtext of $T/NAME.txt (textfile: no filtergraph escaping).
t() {
  local font=$BOLD
  [ "${6:-}" = reg ] && font=$REG
  printf "drawtext=fontfile=%s:textfile=%s/%s.txt:fontsize=%s:fontcolor=%s:x=%s:y=%s" "$font" "$T" "$1" "$2" "$3" "$4" "$5"
}

# cover FILE C0 C1 ACCENT SEED ORG LINE1 LINE2 TAG
cover() {
  local file=$1 c0=$2 c1=$3 accent=$4 seed=$5
  printf '%s' "$6" >"$T/org.txt"
  printf '%s' "$7" >"$T/l1.txt"
  printf '%s' "$8" >"$T/l2.txt"
  printf '%s' "$9" >"$T/tag.txt"
  printf '%s' '报名认领  ·  上传作品  ·  逐级评审' >"$T/steps.txt"
  printf '%s' '教' >"$T/seal.txt"
  printf '%s' '●' >"$T/dot.txt"
  "${FF[@]}" -f lavfi -i "gradients=s=960x540:n=2:c0=$c0:c1=$c1:x0=0:y0=0:x1=960:y1=540:seed=$seed:d=1" \
    -vf "drawbox=x=0:y=392:w=960:h=6:color=${accent}@0.9:t=fill,\
drawbox=x=0:y=398:w=960:h=142:color=black@0.22:t=fill,\
$(t dot 620 white@0.06 560 -250),\
$(t dot 300 white@0.07 -90 250),\
drawbox=x=56:y=50:w=64:h=64:color=${accent}@0.95:t=4,\
$(t seal 40 ${accent} 68 55),\
$(t org 30 white@0.95 136 62),\
drawbox=x=56:y=150:w=8:h=170:color=${accent}:t=fill,\
$(t l1 54 white 84 150),\
$(t l2 54 white 84 236),\
$(t tag 26 ${accent} 86 338 reg),\
$(t steps 28 white@0.92 56 448 reg),\
format=yuvj420p" \
    -frames:v 1 -q:v 4 "${BITEXACT[@]}" "$OUT/$file"
}

cover activity-01-math.jpg 0x0b2a6f 0x1d5fc4 0xffc53d 201 '东山市教育局' '2026 年中小学数学' '精品课征集活动' '面向全市中小学数学教师'
cover activity-02-microlesson.jpg 0x7a0c12 0xc4361d 0xffd666 202 '东山市教育局' '语文、数学微课征集' '（第一批）' '优质资源共建共享'
ls -l "$OUT"/activity-*.jpg
