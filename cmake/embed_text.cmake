# cmake -DIN=file -DOUT=header -DNAME=identifier -P embed_text.cmake
# Writes a header holding the file's text as a constexpr string, so the binary needs no files.
file(READ "${IN}" content)
set(delim "geofield_embed")
file(WRITE "${OUT}.tmp" "// Generated from ${IN}; do not edit.\n#pragma once\nnamespace geofield::embedded {\ninline constexpr const char ${NAME}[] = R\"${delim}(${content})${delim}\";\n}\n")
file(RENAME "${OUT}.tmp" "${OUT}")
