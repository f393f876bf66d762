// UTF-8 as the program's text (issue 33): what is valid (RFC 3629), where the first bad byte
// is, and what is kept of a value that must be UTF-8 but is not.
#include "utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace geofield {
namespace {

TEST(Utf8, ValidTextOfOneToFourByteCharacters) {
  EXPECT_TRUE(is_utf8(""));
  EXPECT_TRUE(is_utf8("Chengdu"));
  EXPECT_TRUE(is_utf8("S\xC3\xA3o Paulo"));          // U+00E3
  EXPECT_TRUE(is_utf8("\xE6\x88\x90\xE9\x83\xBD"));  // 成都
  EXPECT_TRUE(is_utf8("\xF0\x9F\x8C\x8D"));          // U+1F30D
  EXPECT_TRUE(is_utf8("\xF4\x8F\xBF\xBF"));          // U+10FFFF, the last
  EXPECT_TRUE(is_utf8(std::string("a\0b", 3)));      // U+0000 is a character
  EXPECT_EQ(utf8_char_bytes("\xE6\x88\x90", 0), 3u);
}

TEST(Utf8, TheFirstByteThatIsNotPartOfACharacter) {
  EXPECT_EQ(first_invalid_utf8("ab\xFF"), 2u);            // never a UTF-8 byte
  EXPECT_EQ(first_invalid_utf8("Caf\xE9 x"), 3u);         // Latin-1 é
  EXPECT_EQ(first_invalid_utf8("a\x80"), 1u);             // a stray continuation byte
  EXPECT_EQ(first_invalid_utf8("a\xE6\x88"), 1u);         // cut at the end
  EXPECT_EQ(first_invalid_utf8("a\xE6\x88z"), 1u);        // cut before another character
  EXPECT_EQ(first_invalid_utf8("\xC0\xAF"), 0u);          // overlong '/'
  EXPECT_EQ(first_invalid_utf8("\xE0\x80\xAF"), 0u);      // overlong, three bytes
  EXPECT_EQ(first_invalid_utf8("\xF0\x80\x80\xAF"), 0u);  // overlong, four bytes
  EXPECT_EQ(first_invalid_utf8("\xED\xA0\x80"), 0u);      // U+D800, a surrogate
  EXPECT_EQ(first_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // past U+10FFFF
  EXPECT_EQ(first_invalid_utf8("\xF5\x80\x80\x80"), 0u);
}

TEST(Utf8, PlaceOfAnOffsetIsItsLineAndByte) {
  const std::string text = "lat,lon\n1,2\nab\xFF";
  const TextPlace p = place_of(text, 14);
  EXPECT_EQ(p.line, 3);
  EXPECT_EQ(p.byte, 3u);
  EXPECT_EQ(place_of(text, 0).line, 1);
  EXPECT_EQ(place_of(text, 0).byte, 1u);
}

TEST(Utf8, ValidUtf8ReplacesEachBadByteAndKeepsTheRest) {
  EXPECT_EQ(valid_utf8("S\xC3\xA3o"), "S\xC3\xA3o");
  EXPECT_EQ(valid_utf8("Caf\xE9"), "Caf\xEF\xBF\xBD");
  EXPECT_EQ(valid_utf8("\xFF\xFE"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_TRUE(is_utf8(valid_utf8("a\xE6\x88\xED\xA0\x80z")));
}

}  // namespace
}  // namespace geofield
