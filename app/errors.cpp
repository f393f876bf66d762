#include "errors.h"

#include <filesystem>

namespace geofield {

void throw_failure(const char* file, int line, const std::string& what) {
  throw RuntimeFailure(what + " (" + std::filesystem::path(file).filename().string() + ":" +
                       std::to_string(line) + ")");
}

}  // namespace geofield
