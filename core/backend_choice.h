// Which backend computes a field: the word of --backend, the C API's and Python's backend=.
#pragma once

#include <string_view>

namespace geofield {

enum class BackendChoice { automatic, cpu, cuda, gl };

// "auto", "cpu", "cuda" or "gl"; false for another word.
inline bool parse_backend(std::string_view s, BackendChoice* out) {
  if (s == "auto")
    *out = BackendChoice::automatic;
  else if (s == "cpu")
    *out = BackendChoice::cpu;
  else if (s == "cuda")
    *out = BackendChoice::cuda;
  else if (s == "gl")
    *out = BackendChoice::gl;
  else
    return false;
  return true;
}

}  // namespace geofield
