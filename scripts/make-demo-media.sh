#!/usr/bin/env bash
# Makes the demo catalog's media files (prisma/seed/media): an image per demo image, a poster per
# demo video and one short video the demo videos share, with its captions. They are checked in, so
# neither the install nor the server needs this; it needs ffmpeg (Debian: apt-get install ffmpeg)
# and the DejaVu fonts, and is kept to show how they were made and to make them again.
set -euo pipefail
cd "$(dirname "$0")/../prisma/seed/media"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
colors=(0x8a5a3c 0x2f4858 0x6b4f3a 0xc9a66b 0x3f6b4a 0xd8a7b1 0x5b7a99 0x7a6a4f 0x9c8aa5)
title() { echo "$1" | tr '-' ' '; }

i=0
for slug in autumn-ridge-layers first-night-out cozy-reading-corner sunday-slow-morning urban-jungle-shelf glow-routine nordic-winter-edit tea-ceremony-table bedroom-refresh; do
  c=${colors[$((i % ${#colors[@]}))]}
  ffmpeg -loglevel error -y -f lavfi -i "gradients=s=800x1000:c0=${c}:c1=0xf2efe9:x0=0:y0=0:x1=800:y1=1000:nb_colors=2,format=yuv420p" -frames:v 1 \
    -vf "drawtext=fontfile=${font}:text='$(title "$slug")':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=h-140:shadowcolor=black@0.5:shadowx=2:shadowy=2" \
    -q:v 7 "${slug}.jpg"
  i=$((i + 1))
done

for slug in rain-shell-field-test ultralight-pack-list winter-cabin-tour plant-care-101 commuter-carry kiln-opening-day; do
  ffmpeg -loglevel error -y -f lavfi -i "gradients=s=360x640:c0=0x1f3a4d:c1=0xe0b872:nb_colors=2,format=yuv420p" -frames:v 1 \
    -vf "drawtext=fontfile=${font}:text='$(title "$slug")':fontcolor=white:fontsize=26:x=(w-text_w)/2:y=h-90:shadowcolor=black@0.5:shadowx=2:shadowy=2" \
    -q:v 7 "${slug}-poster.jpg"
done

# 12 s, 360x640, H.264 (plays in every browser), the moov atom first so that it starts at once.
ffmpeg -loglevel error -y -f lavfi -i "gradients=s=360x640:c0=0x1f3a4d:c1=0xe0b872:nb_colors=3:speed=0.02:duration=12:rate=24" \
  -vf "format=yuv420p,drawtext=fontfile=${font}:text='%{eif\:t\:d} s':fontcolor=white:fontsize=40:x=(w-text_w)/2:y=60" \
  -c:v libx264 -profile:v baseline -level 3.0 -crf 30 -preset veryslow -an -movflags +faststart demo-clip.mp4

# Its captions (WebVTT, the demo videos' captions_url): the clip has no sound, and they say so.
cat > demo-clip.vtt <<'VTT'
WEBVTT

NOTE
Captions of demo-clip.mp4, the 12-second clip every demo video plays. The clip has no
sound: its captions say so while it plays. Made by scripts/make-demo-media.sh.

00:00.000 --> 00:04.000
[No sound]

00:04.000 --> 00:08.000
[No sound]

00:08.000 --> 00:12.000
[No sound]
VTT
ls -l
