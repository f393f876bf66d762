// What every fuzz target asks of a refusal: a message that is one printable line of bounded
// length. A broken promise is a finding: named on stderr, then abort (libFuzzer keeps the input).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "utf8.h"

namespace geofield::fuzz {

[[noreturn]] inline void finding(const char* target, const char* what, std::string_view detail) {
  std::fprintf(stderr, "%s_fuzz: %s: %.*s\n", target, what,
               static_cast<int>(std::min<std::size_t>(detail.size(), 2000)), detail.data());
  std::abort();
}

// Not empty, at most max_bytes, no control character, valid UTF-8 (issue 33: what a message
// echoes of the input is escaped, whatever bytes the input held).
inline void check_message(const char* target, std::string_view m, std::size_t max_bytes) {
  if (m.empty()) finding(target, "empty message", m);
  if (m.size() > max_bytes) finding(target, "message too long", m);
  for (unsigned char c : m) {
    if (c < 0x20 || c == 0x7F) finding(target, "control character in message", m);
  }
  if (!is_utf8(m)) finding(target, "message not UTF-8", m);
}

}  // namespace geofield::fuzz
