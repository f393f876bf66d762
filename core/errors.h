// Error types and the check macro: throw with file, line, the call and the message;
// main catches and reports. Helpers never exit().
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace geofield {

// Bad input from the user: reported as one line, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Memory (host or device) that does not hold what was asked for: a usage error (a smaller grid
// fits), told apart where a caller reports it differently (libgeofield's status).
struct MemoryShortage : UsageError {
  using UsageError::UsageError;
};

// A failure of the machine, the GL or CUDA: reported with where it happened, exit status 1.
struct RuntimeFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a message quotes of a value the user gave: in single quotes, control characters, quotes
// and backslashes escaped (\n, \t, \', \\, \xNN), bytes that are not UTF-8 as \xNN, and the
// characters that break a line or reorder text (C1 controls, U+2028, U+2029, bidirectional
// overrides) as \uXXXX, so the message stays one line of valid UTF-8 whatever the value was; a
// value longer than max_bytes is cut at a character boundary and its full length named. Messages
// never echo more than this of anything they were given.
std::string quoted_excerpt(std::string_view value, std::size_t max_bytes = 64);
// The same escapes, without quotes (a single quote is kept) and whole: for a path that a
// success message names as it is ("saved PATH"), which is then unchanged unless it holds what
// would break the line or is not UTF-8.
std::string escaped_text(std::string_view value);

[[noreturn]] void throw_failure(const char* file, int line, const std::string& what);

}  // namespace geofield

#define GF_FAIL(msg) ::geofield::throw_failure(__FILE__, __LINE__, (msg))
