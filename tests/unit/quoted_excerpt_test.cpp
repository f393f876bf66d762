// What messages quote of a user's value: one line, bounded, the full length named when cut.
#include <gtest/gtest.h>

#include <string>

#include "errors.h"

namespace geofield {
namespace {

TEST(QuotedExcerpt, AShortPlainValueIsQuotedAsIs) {
  EXPECT_EQ(quoted_excerpt("99:101"), "'99:101'");
  EXPECT_EQ(quoted_excerpt(""), "''");
}

TEST(QuotedExcerpt, ControlCharactersQuotesAndBackslashesAreEscapedSoTheMessageStaysOneLine) {
  EXPECT_EQ(quoted_excerpt("a\nb"), "'a\\nb'");
  EXPECT_EQ(quoted_excerpt("a\tb\rc"), "'a\\tb\\rc'");
  EXPECT_EQ(quoted_excerpt("it's"), "'it\\'s'");
  EXPECT_EQ(quoted_excerpt("a\\b"), "'a\\\\b'");
  EXPECT_EQ(quoted_excerpt(std::string("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(quoted_excerpt("\x1b[31m"), "'\\x1B[31m'");
  EXPECT_EQ(quoted_excerpt("\x7f"), "'\\x7F'");
}

TEST(QuotedExcerpt, ALongValueIsCutAndItsLengthNamed) {
  const std::string mb(1 << 20, 'x');
  const std::string q = quoted_excerpt(mb);
  EXPECT_EQ(q, "'" + std::string(64, 'x') + "'... (1048576 bytes)");
  EXPECT_EQ(quoted_excerpt("abcdef", 3), "'abc'... (6 bytes)");
}

TEST(QuotedExcerpt, ACutNeverSplitsAUtf8Character) {
  // "é" is two bytes (C3 A9): a cut after 2 bytes of "aé" would keep 'a' and half of 'é'.
  EXPECT_EQ(quoted_excerpt("a\xC3\xA9z", 2), "'a'... (4 bytes)");
  EXPECT_EQ(quoted_excerpt("\xC3\xA9\xC3\xA9", 2), "'\xC3\xA9'... (4 bytes)");
}

}  // namespace
}  // namespace geofield
