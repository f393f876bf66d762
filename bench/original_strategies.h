// The three strategies of the numba answer geofield grew out of, re-expressed in CUDA C++ in
// double, as the original: the seed expression evaluated per node.
//   a: grid built on the host, four arrays (lat, lon, lat_ref, lon_ref) copied in, `a` copied
//      out, atan2(a, 1 - a) * 2R on the host;
//   b: two arrays (lat, lon) copied in, the reference point as scalars, atan2 on the device,
//      the field copied out;
//   c: grid generated on the device, the field copied out.
#pragma once

#include <string>

#include "field_math.h"
#include "timing.h"

namespace geofield::bench {

enum class Strategy { a, b, c };

struct OriginalResult {
  Strategy strategy = Strategy::a;
  Stats kernel;      // the kernel alone (CUDA events), inputs already on the device
  Stats until_host;  // from nothing to the field in host memory (steady clock)
  // Medians of the phases of until_host, in ms: build (host grid), h2d, kernel, d2h, finish
  // (host atan2).
  double build_ms = 0, h2d_ms = 0, kernel_wall_ms = 0, d2h_ms = 0, finish_ms = 0;
  // Largest |field - host double seed expression| / max(|value|, 1 km) at sampled nodes.
  double max_rel_err = 0;
};

const char* strategy_name(Strategy s);
const char* strategy_description(Strategy s);

// Runs one strategy on the grid g (seed formula, double). e2e_budget_ms bounds the time spent on
// the until-host repeats (at least 3 are made).
OriginalResult run_original(Strategy s, const GridGeometry& g, double e2e_budget_ms);

}  // namespace geofield::bench
