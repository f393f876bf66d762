#include "backends/test_fault.h"

#include <cstdlib>
#include <string>

namespace geofield {

bool test_fault(std::string_view name) {
  static const std::string asked = [] {
    const char* v = std::getenv("GEOFIELD_TEST_FAULT");
    return "," + std::string(v ? v : "") + ",";
  }();
  return !name.empty() && asked.find("," + std::string(name) + ",") != std::string::npos;
}

}  // namespace geofield
