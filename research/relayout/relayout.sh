#!/bin/bash
# The layers of issue 27 as folders (docs/architecture.md, "Layers"): file moves and include
# lines only, no logic. Re-runnable: run it in the repository root of any tree of the project
# (a file already moved, or not there, is skipped). Then take the branch `layers`' CMake files.
#
#   core/     plain values and the host-and-device math (from app/'s root and cuda/)
#   export/   the file writers, no GL (from app/export/)
#   compute/  fields on the CPU and CUDA into memory, no GL (from app/backends/)
#   cuda/     compute's device part: kernels, device memory (the GL interop goes to app/backends)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

mv_if() {  # mv_if SRC DST: git mv when SRC is tracked and DST is not there yet
  local src=$1 dst=$2
  if [ -e "$src" ] && [ ! -e "$dst" ]; then
    mkdir -p "$(dirname "$dst")"
    git mv "$src" "$dst"
  fi
}

# core/: app/'s root (main.cpp stays: it is the program) and cuda/'s shared math.
for f in centres.h errors.h errors.cpp field_params.h field_params.cpp field_range.h \
  field_range.cpp host_field.h memory_limits.h memory_limits.cpp sites.h tiles.h tiles.cpp \
  utf8.h utf8.cpp; do
  mv_if "app/$f" "core/$f"
done
for f in centre_bounds.h double_for_float.h field_constants.h field_math.h geodesic.h \
  geodesic_field.h node_window.h projected_chord.h projected_grid.h projection.h site_tiling.h; do
  mv_if "cuda/$f" "core/$f"
done

# export/: the whole folder (its CMakeLists.txt too).
if [ -d app/export ]; then
  for f in $(git ls-files app/export); do mv_if "$f" "export/${f#app/export/}"; done
fi

# compute/: the GL-free computing now in app/backends/.
COMPUTE="nearest_centre.h nearest_centre.cpp centre_index.h centre_index.cpp centre_values.h
  row_blocks.h window_field.h window_field.cpp cuda_device_field.h cuda_device_field.cpp
  cuda_field_launch.h cuda_field_launch.cpp cuda_backend_support.h"
for f in $COMPUTE; do mv_if "app/backends/$f" "compute/$f"; done

# The CUDA-GL interop wrapper is the GL backends' (cuda/ keeps no GL).
mv_if cuda/interop_texture.h app/backends/interop_texture.h
mv_if cuda/interop_texture.cpp app/backends/interop_texture.cpp

# Include lines: "backends/X" -> "compute/X" for the files moved; the bare interop header gets
# its folder. Bare core names and "export/..." resolve as before (core/ and the repository root
# are include directories).
SOURCES=$(git ls-files '*.h' '*.cpp' '*.cu' '*.cuh' | grep -v '^third_party/')
for f in $COMPUTE; do
  case $f in *.h) ;; *) continue ;; esac
  stem=${f%.h}
  sed -i -E "s|#include \"backends/${stem}\\.h\"|#include \"compute/${stem}.h\"|" $SOURCES
done
sed -i -E 's|#include "interop_texture\.h"|#include "backends/interop_texture.h"|' $SOURCES

# Paths named in build files, docs, comments and scripts.
TEXT=$(git ls-files | grep -vE '^(third_party|assets|tests/fuzz/corpus)/' |
  grep -E '\.(md|txt|cmake|h|cpp|cu|cuh|py|glsl|sh)$|CMakeLists\.txt$')
sed -i -E \
  -e 's#\bapp/export/#export/#g' \
  -e 's#\bapp/(centres\.h|errors\.(h|cpp)|field_params\.(h|cpp)|field_range\.(h|cpp)|host_field\.h|memory_limits\.(h|cpp)|sites\.h|tiles\.(h|cpp)|utf8\.(h|cpp))#core/\1#g' \
  -e 's#\bcuda/(centre_bounds|double_for_float|field_constants|field_math|geodesic|geodesic_field|node_window|projected_chord|projected_grid|projection|site_tiling)\.h#core/\1.h#g' \
  -e 's#\bapp/backends/(nearest_centre|centre_index|centre_values|row_blocks|window_field|cuda_device_field|cuda_field_launch|cuda_backend_support)\.#compute/\1.#g' \
  -e 's#\bcuda/interop_texture\.#app/backends/interop_texture.#g' \
  $TEXT
# The include lines renamed sort elsewhere in their blocks.
if command -v clang-format >/dev/null && [ -x scripts/check-format.sh ]; then
  scripts/check-format.sh --fix
fi
echo "relayout: done; now take the branch layers' CMake files (core/, compute/, export/, app/, cuda/)"
