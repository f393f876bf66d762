// The benchmark's rows for one grid size, printed as a table and turned into JSON.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "timing.h"

namespace geofield::bench {

// A kernel row is compared with the originals' kernels, a whole row (until the field is usable:
// in host memory for the originals, in the drawn texture for geofield) with their whole times.
enum class RowKind { kernel, whole, other };

struct Row {
  std::string name;
  RowKind kind = RowKind::kernel;
  std::string timer;  // "cuda-events" or "steady-clock"
  Stats stats;
  nlohmann::json extra = nlohmann::json::object();
};

struct SizeTable {
  int nx = 0, ny = 0;
  double ceiling_ms = 0;  // the store-only texture kernel, 0 until measured
  // The originals' medians, 0 until measured: [a, b, c].
  double original_kernel_ms[3] = {0, 0, 0};
  double original_whole_ms[3] = {0, 0, 0};
  std::vector<Row> rows;
  std::vector<std::string> notes;
};

void print_table(std::FILE* out, const SizeTable& t);
nlohmann::json to_json(const SizeTable& t);
nlohmann::json to_json(const Stats& s);

}  // namespace geofield::bench
