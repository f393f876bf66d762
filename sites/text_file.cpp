#include "sites/text_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <system_error>
#include <vector>

#include "errors.h"

namespace geofield {
namespace {

using nlohmann::json;

constexpr std::size_t kShownPathBytes = 512;  // a long path is still told whole in most cases
constexpr std::size_t kShownTokenBytes = 40;  // of the text where the parser stopped
constexpr std::size_t kReasonBytes = 200;     // the parser's own words (fixed phrases)

std::string why(int err) { return std::generic_category().message(err); }

// What is at a name that is not a regular file, as atomic_file.cpp says it.
std::string not_a_file(mode_t mode) {
  const char* what = S_ISDIR(mode)    ? "a folder"
                     : S_ISFIFO(mode) ? "a named pipe (FIFO)"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "not a regular file";
  return std::string("is ") + what + ", not a file";
}

std::string too_large(std::uint64_t bytes, std::size_t max_bytes, const char* what) {
  return "is " + std::to_string(bytes) + " bytes; " + what + " is at most " +
         std::to_string(max_bytes) + " bytes";
}

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// Builds the value as nlohmann's own DOM parser does, but keeps what a message needs (the
// top-level key being read) and refuses what a view never has (deep nesting, a key twice)
// instead of letting the parser throw.
class Builder : public nlohmann::json_sax<json> {
 public:
  json root;
  std::optional<std::string> problem;  // set when parsing stopped

  bool null() override { return value(nullptr); }
  bool boolean(bool v) override { return value(v); }
  bool number_integer(number_integer_t v) override { return value(v); }
  bool number_unsigned(number_unsigned_t v) override { return value(v); }
  bool number_float(number_float_t v, const string_t&) override { return value(v); }
  bool string(string_t& v) override { return value(std::move(v)); }
  bool binary(binary_t&) override { return stop("binary data is not JSON text"); }
  bool start_object(std::size_t) override { return open(json::object()); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    json& object = *stack_.back();
    if (stack_.size() == 1) top_key_.reset();  // a key of its own, not inside the last one's value
    if (object.contains(k)) return stop(quoted_excerpt(k) + " is given twice");
    if (stack_.size() == 1) top_key_ = k;
    slot_ = &object[k];
    return true;
  }
  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception& ex) override {
    std::string m;
    if (ex.id == 406) {  // out_of_range: number overflow
      m = "the number " + quoted_excerpt(last_token, kShownTokenBytes) +
          " is beyond a double's range (at most about 1.8e308)";
    } else {
      m = "not valid JSON: " + parser_reason(ex.what(), last_token);
    }
    problem = in_key() + m + " " + where(position);
    return false;
  }

  void set_text(std::string_view text) { text_ = text; }

 private:
  std::string in_key() const { return top_key_ ? quoted_excerpt(*top_key_) + ": " : std::string(); }
  bool stop(const std::string& m) {
    problem = in_key() + m;
    return false;
  }
  template <typename V>
  bool value(V&& v) {
    if (stack_.empty()) {
      root = json(std::forward<V>(v));
    } else if (stack_.back()->is_array()) {
      stack_.back()->emplace_back(std::forward<V>(v));
    } else {
      *slot_ = json(std::forward<V>(v));
    }
    if (stack_.size() == 1) top_key_.reset();  // a top-level value read whole
    return true;
  }
  bool open(json empty) {
    if (static_cast<int>(stack_.size()) >= kMaxStateJsonDepth) {
      return stop("nested deeper than " + std::to_string(kMaxStateJsonDepth) + " levels");
    }
    json* made = nullptr;
    if (stack_.empty()) {
      root = std::move(empty);
      made = &root;
    } else if (stack_.back()->is_array()) {
      stack_.back()->emplace_back(std::move(empty));
      made = &stack_.back()->back();
    } else {
      *slot_ = std::move(empty);
      made = slot_;
    }
    stack_.push_back(made);
    return true;
  }
  bool close() {
    stack_.pop_back();
    if (stack_.size() == 1) top_key_.reset();
    return true;
  }
  // "line 3, column 7" of the byte the parser stopped at.
  std::string where(std::size_t position) const {
    const std::size_t end = std::min(position, text_.size());
    std::size_t line = 1, line_start = 0;
    for (std::size_t k = 0; k < end; ++k) {
      if (text_[k] == '\n') ++line, line_start = k + 1;
    }
    return "(line " + std::to_string(line) + ", column " + std::to_string(end - line_start) + ")";
  }
  // The parser's message without its prefix and without the text it quotes (told bounded
  // instead): "[json.exception.parse_error.101] parse error at line 1, column 3: syntax error
  // while parsing value - invalid literal; last read: 'TOKEN'; expected ..." ->
  // "syntax error while parsing value - invalid literal; expected ...; last read 'TOKEN'".
  static std::string parser_reason(std::string_view what, const std::string& last_token) {
    std::string_view r = what;
    if (const std::size_t at = r.find("parse error"); at != std::string_view::npos) {
      if (const std::size_t colon = r.find(": ", at); colon != std::string_view::npos) {
        r.remove_prefix(colon + 2);
      }
    }
    std::string reason(r);
    const std::string quoted = "; last read: '" + last_token + "'";
    if (const std::size_t at = reason.find(quoted); at != std::string::npos) {
      reason.erase(at, quoted.size());
    }
    if (reason.size() > kReasonBytes) reason.resize(kReasonBytes);
    for (char& c : reason) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
    }
    if (!last_token.empty())
      reason += "; last read " + quoted_excerpt(last_token, kShownTokenBytes);
    return reason;
  }

  std::vector<json*> stack_;
  json* slot_ = nullptr;                // the object member the next value goes to
  std::optional<std::string> top_key_;  // the top-level key whose value is being read
  std::string_view text_;
};

}  // namespace

std::string shown_path(const std::filesystem::path& path) {
  return quoted_excerpt(path.string(), kShownPathBytes);
}

std::string read_regular_file(const std::filesystem::path& path, std::size_t max_bytes,
                              const char* what) {
  // Looked at before opening, so a device or a pipe is never opened at all ...
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw UsageError("cannot be read: " + why(errno));
  if (!S_ISREG(st.st_mode)) throw UsageError(not_a_file(st.st_mode));
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    throw UsageError(too_large(static_cast<std::uint64_t>(st.st_size), max_bytes, what));
  }
  // ... and after: what was opened is what is read, even if the name changed in between
  // (O_NONBLOCK: opening a pipe put there meanwhile returns at once).
  const Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) throw UsageError("cannot be read: " + why(errno));
  if (::fstat(fd.get(), &st) != 0) throw UsageError("cannot be read: " + why(errno));
  if (!S_ISREG(st.st_mode)) throw UsageError(not_a_file(st.st_mode));
  // The size it has now and one byte more, which tells a file that grew; grown up to one byte
  // past the cap, never allocated (and zeroed) at the cap for a small file.
  const std::size_t limit = max_bytes + 1;
  std::string text;
  text.resize(std::min<std::size_t>(limit, static_cast<std::size_t>(st.st_size) + 1));
  std::size_t got = 0;
  for (;;) {
    if (got == text.size()) {
      if (text.size() == limit) break;
      text.resize(std::min(limit, text.size() * 2));
    }
    const ssize_t n = ::read(fd.get(), text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw UsageError("cannot be read: " + why(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got > max_bytes) throw UsageError(too_large(got, max_bytes, what) + " (it grew while read)");
  text.resize(got);
  return text;
}

json parse_json_text(std::string_view text) {
  Builder b;
  b.set_text(text);
  bool ok = false;
  try {
    ok = json::sax_parse(text.begin(), text.end(), &b, nlohmann::json::input_format_t::json,
                         /*strict=*/true, /*ignore_comments=*/false);
  } catch (const json::exception& e) {  // not expected with a SAX handler; never let one out
    throw UsageError("not valid JSON: " + quoted_excerpt(e.what(), kReasonBytes));
  }
  if (!ok || b.problem) throw UsageError(b.problem.value_or("not valid JSON"));
  return std::move(b.root);
}

}  // namespace geofield
