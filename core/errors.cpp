#include "errors.h"

#include <cstdio>
#include <filesystem>

#include "utf8.h"

namespace geofield {
namespace {

// A character that would break the line or hide text when printed: C0 and C1 controls, DEL,
// the Unicode line and paragraph separators and the bidirectional overrides.
bool shown_escaped(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// Appends value's characters, escaped, to *out up to max_bytes of value; returns how many bytes
// of value it took (a whole number of characters, bad bytes one by one).
std::size_t append_escaped(std::string_view value, std::size_t max_bytes, bool in_quotes,
                           std::string* out) {
  std::size_t at = 0;
  while (at < value.size()) {
    // A byte that is not part of a valid UTF-8 character is one byte, shown as \xNN; a whole
    // character that does not fit in max_bytes ends the excerpt, never half of it.
    const std::size_t len = utf8_char_bytes(value, at);
    const bool valid = len != 0;
    const std::size_t n = valid ? len : 1;
    if (at + n > max_bytes) break;
    const std::string_view ch = value.substr(at, n);
    const char32_t c = valid ? utf8_code_point(ch) : 0;
    char hex[12];
    if (!valid) {
      std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(ch[0]));
      *out += hex;
    } else if (c == '\n') {
      *out += "\\n";
    } else if (c == '\t') {
      *out += "\\t";
    } else if (c == '\r') {
      *out += "\\r";
    } else if (c == '\'' && in_quotes) {
      *out += "\\'";
    } else if (c == '\\') {
      *out += "\\\\";
    } else if (c < 0x80 && shown_escaped(c)) {
      std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned>(c));
      *out += hex;
    } else if (shown_escaped(c)) {
      std::snprintf(hex, sizeof hex, "\\u%04X", static_cast<unsigned>(c));
      *out += hex;
    } else {
      *out += ch;
    }
    at += n;
  }
  return at;
}

}  // namespace

std::string quoted_excerpt(std::string_view value, std::size_t max_bytes) {
  std::string out = "'";
  const std::size_t taken = append_escaped(value, max_bytes, true, &out);
  out += "'";
  if (taken < value.size()) {
    out += "... (" + std::to_string(value.size()) + " bytes)";
  }
  return out;
}

std::string escaped_text(std::string_view value) {
  std::string out;
  append_escaped(value, value.size(), false, &out);
  return out;
}

void throw_failure(const char* file, int line, const std::string& what) {
  throw RuntimeFailure(what + " (" + std::filesystem::path(file).filename().string() + ":" +
                       std::to_string(line) + ")");
}

}  // namespace geofield
