// A parameterised case's name as gtest takes it in a test's name: letters, digits and '_'.
#pragma once

#include <cctype>
#include <string>

namespace geofield::test {

inline std::string gtest_case_name(std::string name) {
  for (char& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return name;
}

}  // namespace geofield::test
