#!/usr/bin/env bash
# Regenerates the simulator's camera clips (assets/video/<camera>.flv) with Debian's ffmpeg:
# a moving test pattern labelled with the camera, a soft tone, H.264 baseline + AAC, a key frame
# every second, 4 s long. The clips are committed; the simulator loops them with new timestamps.
set -euo pipefail
cd "$(dirname "$0")/.."
font=$(fc-match -f '%{file}' 'DejaVu Sans:bold' 2>/dev/null || true)
for cam in front back left right infrared; do
  label=$(echo "$cam" | tr '[:lower:]' '[:upper:]')
  filter="drawtext=fontfile=${font}:text='${label}  %{pts\\:hms}':x=12:y=12:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.5"
  [ "$cam" = infrared ] && filter="hue=s=0,${filter}"
  ffmpeg -loglevel error -y -f lavfi -i "testsrc2=size=320x180:rate=15" -f lavfi -i "sine=frequency=330:sample_rate=22050" -t 4 \
    -vf "$filter" -c:v libx264 -profile:v baseline -pix_fmt yuv420p -g 15 -b:v 120k -maxrate 150k -bufsize 150k \
    -c:a aac -b:a 24k -ac 1 -f flv "assets/video/${cam}.flv"
done
ls -l assets/video
