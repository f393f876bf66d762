// Error types and the check macro: throw with file, line, the call and the message;
// main catches and reports. Helpers never exit().
#pragma once

#include <stdexcept>
#include <string>

namespace geofield {

// Bad input from the user: reported as one line, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A failure of the machine, the GL or CUDA: reported with where it happened, exit status 1.
struct RuntimeFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void throw_failure(const char* file, int line, const std::string& what);

}  // namespace geofield

#define GF_FAIL(msg) ::geofield::throw_failure(__FILE__, __LINE__, (msg))
