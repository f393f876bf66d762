#!/bin/bash
# "window" means the GUI window only (issue 27): the grid's sub-rectangle (NodeWindow, a tile's
# nodes, computed bit for bit as the whole grid's) becomes a "subgrid". Not "block" (row_blocks.h:
# a band of rows the CPU fills at a time), not "tile" (tiles.h: a subgrid that is one of a
# layout's N, with its place in the files); "subgrid" says what it is, a grid's rectangle of
# nodes with the whole grid's geometry, and is used nowhere else.
# Re-runnable: run in the repository root after relayout.sh (identifiers already renamed are left).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

mv_if() {
  if [ -e "$1" ] && [ ! -e "$2" ]; then git mv "$1" "$2"; fi
}
mv_if core/node_window.h core/subgrid.h
mv_if compute/window_field.h compute/subgrid_field.h
mv_if compute/window_field.cpp compute/subgrid_field.cpp
mv_if tests/unit/nearest_centre_window_test.cpp tests/unit/nearest_centre_subgrid_test.cpp

FILES=$(git ls-files | grep -vE '^(third_party|assets|tests/fuzz/corpus)/' |
  grep -E '\.(h|cpp|cu|cuh|py|md|txt|cmake|glsl|sh)$|CMakeLists\.txt$')

# Identifiers and file names, longest first (word boundaries keep app/window/ and the GUI's).
sed -i -E \
  -e 's/\bNearestCentreWindowChecks\b/NearestCentreSubgridChecks/g' \
  -e 's/\bNearestCentreWindow\b/NearestCentreSubgrid/g' \
  -e 's/\bNodeWindow\b/Subgrid/g' \
  -e 's/\bnode_window\b/subgrid/g' \
  -e 's/\bnearest_centre_window_test\b/nearest_centre_subgrid_test/g' \
  -e 's/\bnearest_centre_window_blocks_on_cpu\b/nearest_centre_subgrid_blocks_on_cpu/g' \
  -e 's/\bnearest_centre_window_on_cpu\b/nearest_centre_subgrid_on_cpu/g' \
  -e 's/\bcompute_window_blocks_on_cpu\b/compute_subgrid_blocks_on_cpu/g' \
  -e 's/\bcompute_window_on_cpu_host\b/compute_subgrid_on_cpu_host/g' \
  -e 's/\bcompute_window_on_cpu\b/compute_subgrid_on_cpu/g' \
  -e 's/\bcompute_window_to_host\b/compute_subgrid_to_host/g' \
  -e 's/\bcompute_window_on\b/compute_subgrid_on/g' \
  -e 's/\bcompute_window\b/compute_subgrid/g' \
  -e 's/\bcheck_window\b/check_subgrid/g' \
  -e 's/\bwindow_field\b/subgrid_field/g' \
  -e 's/\bwindow_sink\b/subgrid_sink/g' \
  -e 's/\btile_window\b/tile_subgrid/g' \
  -e 's/\bdescribe_window\b/describe_subgrid/g' \
  -e 's/\bsites_window_reason\b/sites_subgrid_reason/g' \
  -e 's/\bnearest_window\b/nearest_subgrid/g' \
  -e 's/\bfill_window\b/fill_subgrid/g' \
  -e 's/\bwindows_of\b/subgrids_of/g' \
  -e 's/\bCpuWindow\b/CpuSubgrid/g' \
  -e 's/\bexpect_windows_equal_whole\b/expect_subgrids_equal_whole/g' \
  -e 's/\bexpect_window_is_the_whole_field\b/expect_subgrid_is_the_whole_field/g' \
  -e 's/\bexpect_windows_are_the_whole_field\b/expect_subgrids_are_the_whole_field/g' \
  -e 's/\bAWindowOutsideTheGridIsRefused\b/ASubgridOutsideTheGridIsRefused/g' \
  $FILES
# The test file's own parameter names (only there: WindowCase is the GUI's elsewhere).
if [ -f tests/unit/nearest_centre_subgrid_test.cpp ]; then
  sed -i -E -e 's/\bWindowCase\b/SubgridCase/g' -e 's/\bwindow_cases\b/subgrid_cases/g' \
    tests/unit/nearest_centre_subgrid_test.cpp
fi

# Members and locals named plain `window` that hold a Subgrid, and the messages that say it.
sed -i -E 's/^(  (std::optional<Subgrid>|Subgrid) )window;/\1subgrid;/' export/geotiff_export.h \
  export/netcdf_export.h
USERS=$(git grep -lE '(options|layout)\.window\b|tile->window\b' -- '*.h' '*.cpp' || true)
if [ -n "$USERS" ]; then
  sed -i -E -e 's/\b(options|layout)\.window\b/\1.subgrid/g' -e 's/\btile->window\b/tile->subgrid/g' \
    $USERS
fi
for f in compute/tile_batch.cpp tests/unit/nearest_centre_subgrid_test.cpp; do
  [ -f "$f" ] && sed -i -E 's/\bwindow\b/subgrid/g' "$f"
done
sed -i -E -e 's/"a window of rows /"a subgrid of rows /' core/tiles.cpp
sed -i -E -e 's/\(the CUDA window "/(the CUDA subgrid "/' compute/subgrid_field.cpp
sed -i -E -e 's/ of the window at \(/ of the subgrid at (/' tests/unit/tiles_test.cpp \
  tests/gpu/tile_field_test.cpp

# The word in comments (after //, or a block comment's * line), in the files that hold the
# subgrid code; code identifiers named plain `window` (members such as GeoTiffOptions::window)
# keep their name. The GUI's window, where such a file speaks of it, is kept by its phrases.
GRID_FILES=$(git grep -lwE 'Subgrid|subgrid' -- '*.h' '*.cpp' '*.cu' '*.cuh' || true)
for f in $GRID_FILES; do
  perl -pi -e '
    if (m{^(.*?)(//.*|^\s*\*.*)$}) {
      my ($code, $c) = ($1, $2);
      $c =~ s/\bwindow(\x27s (?:worker|backend switch|list|marker|field source|status bar|Export panel))/\x00$1/g;
      $c =~ s/\bwindows\b/subgrids/g; $c =~ s/\bWindows\b/Subgrids/g;
      $c =~ s/\bwindow\b/subgrid/g;   $c =~ s/\bWindow\b/Subgrid/g;
      $c =~ s/\x00/window/g;
      $_ = $code . $c . "\n";
    }' "$f"
done
# The word's meaning, said once where the layers are.
if [ -f docs/architecture.md ] && ! grep -q 'a \*subgrid\*' docs/architecture.md; then
  perl -0pi -e 's/\n## Left of issue 27/\n- **Words.** The *window* is the GUI window only; a grid\x27s rectangle of nodes, computed with the\n  whole grid\x27s geometry so that its values are the whole field\x27s bit for bit, is a *subgrid*\n  (`core\/subgrid.h`; a tile is one of a layout\x27s subgrids, `row_blocks.h`\x27 blocks are bands of\n  rows the CPU fills at a time).\n\n## Left of issue 27/' docs/architecture.md
fi
if command -v clang-format >/dev/null && [ -x scripts/check-format.sh ]; then
  scripts/check-format.sh --fix
fi
echo "rename-window: done; the word window left in the subgrid files (the GUI's, or a member):"
git grep -nw window -- $GRID_FILES || true
