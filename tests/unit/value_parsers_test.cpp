// The strict command-line value parsers: the accepted forms and every malformed one.
#include "cli/value_parsers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>

#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

TEST(ParseNumber, AcceptsPlainDecimalForms) {
  EXPECT_EQ(parse_number("30", "--x"), 30.0);
  EXPECT_EQ(parse_number("-10.5", "--x"), -10.5);
  EXPECT_EQ(parse_number("+7", "--x"), 7.0);
  EXPECT_EQ(parse_number(".25", "--x"), 0.25);
  EXPECT_EQ(parse_number("1e3", "--x"), 1000.0);
  EXPECT_EQ(parse_number("-0", "--x"), 0.0);
  EXPECT_TRUE(std::signbit(parse_number("-0", "--x")));
  EXPECT_EQ(parse_number("6371.0088", "--radius"), 6371.0088);
  // Below the smallest double: zero, with its sign (as strtod reads it).
  EXPECT_EQ(parse_number("1e-400", "--x"), 0.0);
  EXPECT_TRUE(std::signbit(parse_number("-1e-400", "--x")));
  EXPECT_FALSE(std::signbit(parse_number("+2.5E-999", "--x")));
  EXPECT_TRUE(throws_usage_error_naming([] { parse_number("1e400", "--radius"); }, "--radius"));
  EXPECT_TRUE(throws_usage_error_naming([] { parse_number("-1E+400", "--lat"); }, "--lat"));
}

TEST(ParseNumber, RejectsMalformedAndNonFinite) {
  for (const char* bad :
       {"",     " ",   "abc", "1.2.3", "10 ", " 10",  "1e",  "--5",  "+-5",      "-+5",   "++5",
        "0x10", "1,5", "5km", "nan",   "NaN", "-nan", "inf", "-inf", "infinity", "1e999", "+"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_number(bad, "--radius"); }, "--radius"))
        << "'" << bad << "'";
  }
}

TEST(ParseRange, SplitsOnOneColon) {
  EXPECT_EQ(parse_range("-10:10", "--lat"), (std::pair{-10.0, 10.0}));
  EXPECT_EQ(parse_range("170:-170", "--lon"), (std::pair{170.0, -170.0}));
  EXPECT_EQ(parse_range("+1.5:2e1", "--lat"), (std::pair{1.5, 20.0}));
  for (const char* bad : {"", ":", "10", "10:", ":10", "1:2:3", "a:b", "10:nan", "-inf:5", "10;20",
                          "10..20", "1 :2"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_range(bad, "--lat"); }, "--lat"))
        << "'" << bad << "'";
  }
}

TEST(ParseSize, AcceptsNxByNyAndASingleSide) {
  EXPECT_EQ(parse_size("1000x1000", "--size", 2, 1 << 20), (std::pair{1000, 1000}));
  EXPECT_EQ(parse_size("640x480", "--size", 2, 1 << 20), (std::pair{640, 480}));
  EXPECT_EQ(parse_size("3X2", "--size", 2, 1 << 20), (std::pair{3, 2}));
  EXPECT_EQ(parse_size("256", "--size", 2, 1 << 20), (std::pair{256, 256}));
  EXPECT_TRUE(
      throws_usage_error_naming([] { parse_size("1280x", "--window", 200, 16384); },
                                "--window: '1280x' is not of the form WxH (e.g. 1280x800)"));
}

TEST(ParseSize, RejectsMalformedSizes) {
  for (const char* bad : {"", "x", "10x", "x10", "10x10x10", "10.5x10", "1e3x10", "ax10", "10 x 10",
                          "10*10", "0x", "10xX10", "10,10"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_size(bad, "--size", 2, 1 << 20); }, "--size"))
        << "'" << bad << "'";
  }
}

// Issue 14, class 5: a side beyond the range (even beyond any integer) is refused quoting the
// text typed and naming the range; never clamped (the old message showed 1073741824) or wrapped.
TEST(ParseSize, ASideOutsideTheRangeIsReportedAsTyped) {
  const std::pair<const char*, const char*> cases[] = {
      {"99999999999x2", "'99999999999x2'"},
      {"99999999999999999999999x4294967298", "'99999999999999999999999x4294967298'"},
      {"1048577x2", "'1048577x2'"},
      {"-5x-99999999999999999999999", "'-5x-99999999999999999999999'"},
      {"1x1000", "'1x1000'"},
      {"0", "'0'"}};
  for (const auto& [typed, quoted] : cases) {
    try {
      parse_size(typed, "--size", 2, 1 << 20);
      ADD_FAILURE() << typed << " accepted";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what, std::string("--size: ") + quoted + ": each side must be from 2 to 1048576");
    }
  }
  EXPECT_EQ(parse_size("1048576x2", "--size", 2, 1 << 20), (std::pair{1 << 20, 2}));
  EXPECT_EQ(parse_size("0064x64", "--window", 64, 16384), (std::pair{64, 64}));
}

TEST(ParseWhole, DigitsOnlyWithinTheRange) {
  EXPECT_EQ(parse_whole("0", "--frames", 0, 10), 0);
  EXPECT_EQ(parse_whole("10", "--frames", 0, 10), 10);
  for (const char* bad : {"", "-1", "+1", "11", "1.0", "1e1", " 1", "99999999999999999999", "x"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_whole(bad, "--frames", 0, 10); }, "--frames"))
        << "'" << bad << "'";
  }
}

// Issue 14, class 5: a message quotes the value escaped and bounded, whatever it holds.
TEST(ValueParsers, AMessageQuotesTheValueOnOneLineAndBounded) {
  const std::string huge(1 << 20, '7');
  const std::string values[] = {"1\n2", std::string("a\nb\rc"), huge + "x", "\x1b[31mred"};
  for (const std::string& v : values) {
    for (auto call : {+[](const std::string& s) { parse_number(s, "--radius"); },
                      +[](const std::string& s) { parse_range(s, "--lat"); },
                      +[](const std::string& s) { parse_point(s, "--ref"); },
                      +[](const std::string& s) { parse_size(s, "--size", 2, 1 << 20); }}) {
      try {
        call(v);
        ADD_FAILURE() << "accepted";
      } catch (const UsageError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find_first_of("\n\r\x1b"), std::string::npos) << what;
        EXPECT_LE(what.size(), 512u);
      }
    }
  }
}

TEST(ParsePoint, SplitsOnOneComma) {
  EXPECT_EQ(parse_point("30,101", "--ref"), (std::pair{30.0, 101.0}));
  EXPECT_EQ(parse_point("-33.9,-70.6", "--ref"), (std::pair{-33.9, -70.6}));
  for (const char* bad :
       {"", ",", "30", "30,", ",101", "30,101,5", "30;101", "30:101", "nan,0", "0,inf"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_point(bad, "--ref"); }, "--ref"))
        << "'" << bad << "'";
  }
}

// Found by the value_parsers fuzz target: a value holding a newline was echoed raw, so the
// message took two lines; a long value was echoed whole.
TEST(ValueParsers, MessagesQuoteTheValueEscapedOnOneBoundedLine) {
  auto message = [](auto call) {
    try {
      call();
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(message([] { parse_number("1\n2", "--radius"); }), "--radius: '1\\n2' is not a number");
  EXPECT_EQ(message([] { parse_number("1e400\t", "--lat"); }), "--lat: '1e400\\t' is not a number");
  EXPECT_EQ(message([] { parse_number("-1e400", "--lat"); }),
            "--lat: must be a finite number, not '-1e400'");
  const std::string long_value(1000, '7');
  const std::string m = message([&] { parse_range(long_value, "--lon"); });
  EXPECT_LT(m.size(), 200u) << m;
  EXPECT_NE(m.find("(1000 bytes)"), std::string::npos) << m;
}

}  // namespace
}  // namespace geofield
