// CSV records (RFC 4180) and the numbers in them, as the centres' reader and `geofield points`
// read them: fields in double quotes may hold commas, newlines and "" for a quote and
// are kept as they stand; unquoted fields are trimmed of spaces and tabs; a line whose first
// character that is not a space or a tab is '#' is a comment; a UTF-8 byte-order mark is skipped.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace geofield {

// s without spaces and tabs at its ends (and a '\r' at its end).
std::string_view trim(std::string_view s);

// A decimal number as a person writes one: optional sign, digits, point, exponent. Not "nan",
// "inf" or hexadecimal, and nothing after it. As the command line's parse_number reads numbers
// (app/cli/value_parsers.cpp): one too small for a double (1e-400) is zero, keeping its sign, as
// strtod makes it; one too large (1e999) is refused, *too_large set.
std::optional<double> number_of(std::string_view s, bool* too_large);

// One field of a record: its text unquoted, and whether it was quoted (then it is data as it
// stands: never trimmed, never a comment).
struct Field {
  std::string text;
  bool quoted = false;
};

// The records of RFC 4180 CSV, their fields unquoted. A line whose first character that is not
// a space or a tab is '#' is a comment, skipped: only at the start of a record, so a quoted
// field that starts with '#', or one that holds a line starting with '#', is data.
class CsvReader {
 public:
  CsvReader(std::string_view text, std::string_view source);
  // The next record's fields and the line it starts on; nullopt at the end of the text. Throws
  // UsageError naming source and the line for a quote not closed or text after a closing one.
  std::optional<std::vector<Field>> next(long* first_line);

 private:
  void skip_comments();

  std::string_view text_;
  std::string_view source_;
  std::size_t pos_ = 0;
  long line_ = 1;
};

// Whether a record is an empty line.
bool blank(const std::vector<Field>& fields);

// Text as one CSV field: quoted when the reader would otherwise split, drop, trim or misread it
// (a comma, a quote, a line break, a leading '#', spaces or tabs at its ends).
std::string csv_field(std::string_view text);

}  // namespace geofield
