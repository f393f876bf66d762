// UTF-8 as the program's text (text in, text out): what reads a user's text (sites
// files, names) checks it with these, and what echoes it in a message escapes what is not.
// Valid means RFC 3629: no overlong forms, no surrogates (U+D800..U+DFFF), nothing past U+10FFFF.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace geofield {

// The length in bytes (1 to 4) of the valid UTF-8 character starting at text[at], or 0 when the
// bytes there are not one (a stray continuation byte, a cut or overlong sequence, a surrogate).
// at < text.size().
std::size_t utf8_char_bytes(std::string_view text, std::size_t at);

// The code point of one valid UTF-8 character (its 1 to 4 bytes, as utf8_char_bytes measured).
char32_t utf8_code_point(std::string_view one_char);

// The offset of the first byte that is not part of a valid UTF-8 character; nothing when the
// whole text is UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

inline bool is_utf8(std::string_view text) { return !first_invalid_utf8(text); }

// Where an offset into a text is, as messages name it: line 1 is the first, a line ends at '\n';
// byte 1 is a line's first byte.
struct TextPlace {
  long line = 1;
  std::size_t byte = 1;
};
TextPlace place_of(std::string_view text, std::size_t offset);

// text with each byte that is not part of a valid UTF-8 character replaced by U+FFFD: what is
// kept of a value that must be UTF-8 (JSON) but somehow is not.
std::string valid_utf8(std::string_view text);

}  // namespace geofield
