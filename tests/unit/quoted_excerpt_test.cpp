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

// Issue 33: a file name or a line of a file echoed in a message made it two lines, or text that
// is not UTF-8 (which a terminal or a JSON log cannot take).
TEST(QuotedExcerpt, BytesThatAreNotUtf8AreEscapedSoTheMessageIsValidUtf8) {
  EXPECT_EQ(quoted_excerpt("Caf\xE9"), "'Caf\\xE9'");
  EXPECT_EQ(quoted_excerpt("a\xFF\xFE"
                           "b"),
            "'a\\xFF\\xFEb'");
  EXPECT_EQ(quoted_excerpt("\xE6\x88"), "'\\xE6\\x88'");           // a character cut short
  EXPECT_EQ(quoted_excerpt("\xED\xA0\x80"), "'\\xED\\xA0\\x80'");  // a surrogate
  EXPECT_EQ(quoted_excerpt("S\xC3\xA3o \xE6\x88\x90"), "'S\xC3\xA3o \xE6\x88\x90'");  // kept
  EXPECT_EQ(quoted_excerpt("bad\nname\xFF.csv"), "'bad\\nname\\xFF.csv'");
}

TEST(QuotedExcerpt, LineSeparatorsC1ControlsAndBidiOverridesAreEscaped) {
  EXPECT_EQ(quoted_excerpt("a\xC2\x85"
                           "b"),
            "'a\\u0085b'");  // NEL
  EXPECT_EQ(quoted_excerpt("a\xE2\x80\xA8"
                           "b"),
            "'a\\u2028b'");  // LINE SEPARATOR
  EXPECT_EQ(quoted_excerpt("a\xE2\x80\xAE"
                           "b"),
            "'a\\u202Eb'");  // RIGHT-TO-LEFT OVERRIDE
}

TEST(QuotedExcerpt, ACutCountsBadBytesOneByOne) {
  // 100 stray continuation bytes: cut at 64 of them, not backed up to nothing.
  const std::string q = quoted_excerpt(std::string(100, '\x80'));
  std::string want = "'";
  for (int k = 0; k < 64; ++k) want += "\\x80";
  EXPECT_EQ(q, want + "'... (100 bytes)");
}

TEST(EscapedText, APlainPathIsUnchangedAndAnOddOneStaysOneLine) {
  EXPECT_EQ(escaped_text("/tmp/it's here/f.png"), "/tmp/it's here/f.png");
  EXPECT_EQ(escaped_text("/tmp/S\xC3\xA3o.png"), "/tmp/S\xC3\xA3o.png");
  EXPECT_EQ(escaped_text("/tmp/two\nlines\xFF.png"), "/tmp/two\\nlines\\xFF.png");
  EXPECT_EQ(escaped_text(std::string(300, 'x')), std::string(300, 'x'));  // never cut
}

}  // namespace
}  // namespace geofield
