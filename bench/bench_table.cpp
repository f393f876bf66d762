#include "bench_table.h"

namespace geofield::bench {
namespace {

double evals_per_s(const SizeTable& t, double ms) { return double(t.nx) * t.ny / (ms * 1e-3); }

// original / row: how many times faster the row is than the original (> 1: faster).
std::string ratio_text(double original_ms, double row_ms) {
  if (original_ms <= 0 || row_ms <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, original_ms / row_ms >= 100 ? "%.0fx" : "%.2fx",
                original_ms / row_ms);
  return buf;
}

const double* originals_for(const SizeTable& t, RowKind k) {
  if (k == RowKind::kernel) return t.original_kernel_ms;
  if (k == RowKind::whole) return t.original_whole_ms;
  return nullptr;
}

}  // namespace

void print_table(std::FILE* out, const SizeTable& t) {
  std::fprintf(out, "\n## %d x %d (%.1f M nodes); ceiling %.4f ms\n\n", t.nx, t.ny,
               double(t.nx) * t.ny / 1e6, t.ceiling_ms);
  std::fprintf(out, "| %-62s | %10s | %19s | %8s | %7s | %8s | %8s | %8s |\n", "row", "ms",
               "p10..p90 ms", "Geval/s", "% ceil", "vs a", "vs b", "vs c");
  std::fprintf(out, "|%s|%s|%s|%s|%s|%s|%s|%s|\n", std::string(64, '-').c_str(),
               std::string(12, '-').c_str(), std::string(21, '-').c_str(),
               std::string(10, '-').c_str(), std::string(9, '-').c_str(),
               std::string(10, '-').c_str(), std::string(10, '-').c_str(),
               std::string(10, '-').c_str());
  for (const Row& r : t.rows) {
    const double ms = r.stats.median_ms;
    char spread[40];
    std::snprintf(spread, sizeof spread, "%.4f..%.4f", r.stats.p10_ms, r.stats.p90_ms);
    char ceil[16] = "-";
    if (t.ceiling_ms > 0 && ms > 0 && r.kind != RowKind::other) {
      std::snprintf(ceil, sizeof ceil, "%.1f", 100.0 * t.ceiling_ms / ms);
    }
    const double* o = originals_for(t, r.kind);
    std::fprintf(out, "| %-62s | %10.4f | %19s | %8.2f | %7s | %8s | %8s | %8s |\n", r.name.c_str(),
                 ms, spread, evals_per_s(t, ms) / 1e9, ceil, o ? ratio_text(o[0], ms).c_str() : "-",
                 o ? ratio_text(o[1], ms).c_str() : "-", o ? ratio_text(o[2], ms).c_str() : "-");
  }
  for (const std::string& n : t.notes) std::fprintf(out, "\n- %s", n.c_str());
  std::fprintf(out, "\n");
  std::fflush(out);
}

nlohmann::json to_json(const Stats& s) {
  return {{"median_ms", s.median_ms}, {"min_ms", s.min_ms}, {"p10_ms", s.p10_ms},
          {"p90_ms", s.p90_ms},       {"max_ms", s.max_ms}, {"repeats", s.repeats}};
}

nlohmann::json to_json(const SizeTable& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& r : t.rows) {
    const double ms = r.stats.median_ms;
    nlohmann::json j = {{"name", r.name},
                        {"kind", r.kind == RowKind::kernel  ? "kernel"
                                 : r.kind == RowKind::whole ? "whole"
                                                            : "other"},
                        {"timer", r.timer},
                        {"stats", to_json(r.stats)},
                        {"evals_per_s", ms > 0 ? evals_per_s(t, ms) : 0.0},
                        {"extra", r.extra}};
    if (t.ceiling_ms > 0 && ms > 0 && r.kind != RowKind::other) {
      j["percent_of_ceiling"] = 100.0 * t.ceiling_ms / ms;
    }
    if (const double* o = originals_for(t, r.kind)) {
      nlohmann::json ratios = nlohmann::json::object();
      const char* names[] = {"a", "b", "c"};
      for (int k = 0; k < 3; ++k) {
        if (o[k] > 0 && ms > 0) ratios[names[k]] = o[k] / ms;
      }
      j["speedup_vs_original"] = ratios;
    }
    rows.push_back(std::move(j));
  }
  return {{"nx", t.nx},
          {"ny", t.ny},
          {"nodes", double(t.nx) * t.ny},
          {"ceiling_ms", t.ceiling_ms},
          {"rows", rows},
          {"notes", t.notes}};
}

}  // namespace geofield::bench
