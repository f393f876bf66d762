// Checks that a call fails as bad user input, with a message that names the option, on one
// line and at most kMaxUsageMessageBytes long (what issue 14 asks of every message).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "errors.h"

namespace geofield::test {

inline constexpr std::size_t kMaxUsageMessageBytes = 512;

template <typename F>
::testing::AssertionResult throws_usage_error_naming(F&& call, const std::string& option) {
  try {
    call();
  } catch (const UsageError& e) {
    const std::string what = e.what();
    if (what.rfind(option + ":", 0) != 0 && what.find(option) == std::string::npos) {
      return ::testing::AssertionFailure() << "message does not name " << option << ": " << what;
    }
    if (what.find_first_of("\n\r") != std::string::npos) {
      return ::testing::AssertionFailure() << "message is not one line: " << what;
    }
    if (what.size() > kMaxUsageMessageBytes) {
      return ::testing::AssertionFailure()
             << "message is " << what.size() << " bytes: " << what.substr(0, 200) << "...";
    }
    return ::testing::AssertionSuccess() << what;
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "threw something other than UsageError: " << e.what();
  }
  return ::testing::AssertionFailure()
         << "did not throw (expected an error naming " << option << ")";
}

}  // namespace geofield::test
