#include "sites/csv_records.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <system_error>

#include "errors.h"

namespace geofield {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::optional<double> number_of(std::string_view s, bool* too_large) {
  *too_large = false;
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s.back())) || s.back() == '.')) {
    return std::nullopt;
  }
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (end != s.data() + s.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) {
    const std::size_t e = s.find_first_of("eE");
    if (e != std::string_view::npos && e + 1 < s.size() && s[e + 1] == '-') {
      return s.front() == '-' ? -0.0 : 0.0;
    }
    *too_large = true;
    return std::nullopt;
  }
  if (ec != std::errc() || !std::isfinite(v)) return std::nullopt;
  return v;
}

CsvReader::CsvReader(std::string_view text, std::string_view source)
    : text_(text), source_(source) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // a UTF-8 byte-order mark
}

std::optional<std::vector<Field>> CsvReader::next(long* first_line) {
  skip_comments();
  if (pos_ >= text_.size()) return std::nullopt;
  *first_line = line_;
  std::vector<Field> fields(1);
  bool quoted = false;
  while (pos_ < text_.size()) {
    const char c = text_[pos_++];
    Field& f = fields.back();
    if (quoted) {
      if (c == '"') {
        if (pos_ < text_.size() && text_[pos_] == '"') {
          f.text += '"';
          ++pos_;
        } else {
          quoted = false;
        }
      } else {
        if (c == '\n') ++line_;
        f.text += c;
      }
    } else if (c == '"' && !f.quoted && trim(f.text).empty()) {
      f.text.clear();  // spaces before the opening quote
      quoted = f.quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c == '\n') {
      ++line_;
      return fields;
    } else if (f.quoted && c != ' ' && c != '\t' && c != '\r') {
      throw UsageError(std::string(source_) + ", line " + std::to_string(line_) +
                       ": text after a closing quote (a quote inside a quoted field is "
                       "written \"\")");
    } else if (!f.quoted) {
      f.text += c;
    }
  }
  if (quoted) {
    throw UsageError(std::string(source_) + ", line " + std::to_string(*first_line) +
                     ": a quoted field is not closed before the end of the file");
  }
  return fields;
}

// Past the comment lines at pos_, which is the start of a record.
void CsvReader::skip_comments() {
  while (pos_ < text_.size()) {
    const std::size_t first = text_.find_first_not_of(" \t", pos_);
    if (first == std::string_view::npos || text_[first] != '#') return;
    const std::size_t end = text_.find('\n', first);
    pos_ = end == std::string_view::npos ? text_.size() : end + 1;
    ++line_;
  }
}

bool blank(const std::vector<Field>& fields) {
  return fields.size() == 1 && !fields[0].quoted && trim(fields[0].text).empty();
}

std::string csv_field(std::string_view name) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  const bool quote =
      name.find_first_of(",\"\r\n") != std::string_view::npos ||
      (!name.empty() && (name.front() == '#' || blank(name.front()) || blank(name.back())));
  if (!quote) return std::string(name);
  std::string out = "\"";
  for (const char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace geofield
