#!/bin/bash
# libgeofield links the core and compute layers only: its dynamic section names no GL, EGL,
# GLFW or X library, and no GL code is linked in (no GL loader's or GL backend's symbol in its
# symbol table); the gl backend is the module beside it, which does hold them.
# Usage: library_links_test.sh LIBGEOFIELD_SO GL_MODULE_SO   (ctest: library_links)
set -euo pipefail
lib=$1 module=$2
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || { echo "library_links: readelf -d $lib names no library at all"; exit 1; }
gl_libs='^lib(GL|GLX|GLdispatch|OpenGL|EGL|GLES|glfw|X11|Xext|Xrandr|Xi|xcb|wayland)'
if bad=$(grep -E "$gl_libs" <<<"$needed"); then
  echo "library_links: $lib needs $(tr '\n' ' ' <<<"$bad")(readelf -d)"
  exit 1
fi
gl_code='(glad_|GladGLContext|HeadlessGlContext|FieldTexture|GlBackend|Renderer)'
# Symbol tables read whole first: grep -q closing the pipe early would fail nm under pipefail.
lib_symbols=$(nm -C "$lib") module_symbols=$(nm -C "$module") module_dynamic=$(nm -D "$module")
if grep -E "$gl_code" <<<"$lib_symbols" >/dev/null; then
  echo "library_links: $lib holds GL code:"; grep -E "$gl_code" <<<"$lib_symbols" | head -5
  exit 1
fi
grep -E "$gl_code" <<<"$module_symbols" >/dev/null ||
  { echo "library_links: $module holds no GL code"; exit 1; }
grep -E ' T geofield_gl_module_v1$' <<<"$module_dynamic" >/dev/null ||
  { echo "library_links: $module exports no geofield_gl_module_v1"; exit 1; }
echo "library_links: $(basename "$lib") needs $(tr '\n' ' ' <<<"$needed")and no GL code; the gl backend is in $(basename "$module")"
