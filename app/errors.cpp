#include "errors.h"

#include <cstdio>
#include <filesystem>

namespace geofield {

std::string quoted_excerpt(std::string_view value, std::size_t max_bytes) {
  std::size_t cut = value.size();
  if (cut > max_bytes) {
    cut = max_bytes;
    // Back up over UTF-8 continuation bytes so no character is cut in half.
    while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80) --cut;
  }
  std::string out = "'";
  for (std::size_t k = 0; k < cut; ++k) {
    const unsigned char c = static_cast<unsigned char>(value[k]);
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char hex[5];
          std::snprintf(hex, sizeof hex, "\\x%02X", c);
          out += hex;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += "'";
  if (cut < value.size()) {
    out += "... (" + std::to_string(value.size()) + " bytes)";
  }
  return out;
}

void throw_failure(const char* file, int line, const std::string& what) {
  throw RuntimeFailure(what + " (" + std::filesystem::path(file).filename().string() + ":" +
                       std::to_string(line) + ")");
}

}  // namespace geofield
