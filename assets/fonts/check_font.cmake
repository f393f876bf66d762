# cmake -DFONT=<ttf> -DSUMS=<SHA256SUMS> -DOUT=<copy> -P check_font.cmake
# Copies the font into the build tree only when its SHA-256 is the pinned one, so a changed
# Debian package fails the build instead of changing every figure.
get_filename_component(name "${FONT}" NAME)
file(STRINGS "${SUMS}" lines REGEX " ${name}$")
if(NOT lines)
  message(FATAL_ERROR "${SUMS} pins no ${name}")
endif()
string(REGEX MATCH "^[0-9a-f]+" expected "${lines}")
file(SHA256 "${FONT}" actual)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "${FONT}: SHA-256 ${actual}, expected ${expected} (assets/fonts/SHA256SUMS): "
                      "a different fonts-dejavu-core; check its licence and update the pin")
endif()
configure_file("${FONT}" "${OUT}" COPYONLY)
