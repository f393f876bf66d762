// geofield_bench: one process on the GPU machine that puts geofield's recompute beside the
// original numba answer's three strategies and beside the store-only ceiling, at several grid
// sizes. Prints a Markdown table per size to stdout and writes everything as JSON.
//
//   geofield_bench --json results.json [--sizes 1000,4096,8192,16384] [--commit SHA]
// glad first: cuda_gl_interop.h then skips the system GL header.
#include <glad/gl.h>
// clang-format off
#include <cuda_gl_interop.h>
// clang-format on

#include <CLI/CLI.hpp>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_table.h"
#include "cuda_check.h"
#include "errors.h"
#include "field_params.h"
#include "geofield_path.h"
#include "gl/field_texture.h"
#include "gl/headless_gl_context.h"
#include "gl_path.h"
#include "original_strategies.h"
#include "store_ceiling.h"

namespace geofield::bench {
namespace {

struct Options {
  std::vector<int> sizes{1000, 4096, 8192, 16384};
  std::string json_path = "bench.json";
  std::string commit = "unknown";
  double e2e_budget_ms = 3000;
  bool skip_originals = false;
};

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

void write_json(const std::string& path, const nlohmann::json& j) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp);
    f << j.dump(2) << "\n";
    if (!f) GF_FAIL("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, path);
}

std::string precision_name(Precision p) { return p == Precision::f32 ? "f32" : "f64"; }
std::string formula_name(Formula f) { return std::string(to_string(f)); }

// The ceiling's rows; sets t.ceiling_ms.
void measure_ceiling(FieldTexture& texture, SizeTable& t, std::vector<Row>& rows) {
  const CeilingResult c = run_ceiling(texture, t.nx, t.ny);
  t.ceiling_ms = c.texture_store.median_ms;
  const double bytes = 4.0 * t.nx * t.ny;
  nlohmann::json blocks = nlohmann::json::object();
  for (const auto& [name, s] : c.by_block) blocks[name] = to_json(s);
  rows.push_back({"ceiling: store-only kernel -> GL R32F texture (" + c.best_block + ")",
                  RowKind::kernel,
                  "cuda-events",
                  c.texture_store,
                  {{"write_GB_per_s", bytes / (c.texture_store.median_ms * 1e-3) / 1e9},
                   {"by_block", blocks}}});
  rows.push_back({"ceiling: store-only kernel -> linear memory",
                  RowKind::kernel,
                  "cuda-events",
                  c.linear_store,
                  {{"write_GB_per_s", bytes / (c.linear_store.median_ms * 1e-3) / 1e9}}});
  rows.push_back({"ceiling: map + store-only kernel + unmap, sync",
                  RowKind::whole,
                  "steady-clock",
                  c.map_store_unmap_wall,
                  {{"same_between_cuda_events", to_json(c.map_store_unmap_events)}}});
  rows.push_back({"map + unmap alone, sync", RowKind::other, "steady-clock", c.map_unmap_wall});
  rows.push_back({"map + unmap alone, write-discard, sync", RowKind::other, "steady-clock",
                  c.map_unmap_write_discard_wall});
}

void measure_geofield(FieldTexture& texture, SizeTable& t, std::vector<Row>& rows) {
  FieldParams view;  // the default view, resized
  view.nx = t.nx;
  view.ny = t.ny;
  std::string why_not;
  const GeofieldResult result = run_geofield_path(view, texture, &why_not);
  if (result.rows.empty()) {
    t.notes.push_back("geofield path not measured: " + why_not);
    return;
  }
  for (const GeofieldRow& r : result.rows) {
    const std::string view_tag =
        r.projection == Projection::latlon ? "" : std::string(to_string(r.projection)) + " ";
    const std::string tag =
        "geofield " + view_tag + formula_name(r.formula) + " " + precision_name(r.precision);
    rows.push_back({tag + ": kernel -> interop texture",
                    RowKind::kernel,
                    "cuda-events",
                    r.kernel,
                    {{"max_rel_err_vs_cpu_f64", r.max_rel_err}}});
    rows.push_back({tag + ": whole recompute (interop incl.), sync",
                    RowKind::whole,
                    "steady-clock",
                    r.recompute_wall,
                    {{"same_between_cuda_events", to_json(r.recompute_events)}}});
  }
  for (const GlRow& r : run_gl_path(view, texture)) {
    rows.push_back({"geofield gl backend " + formula_name(r.formula) + " " +
                        precision_name(r.precision) +
                        ": whole recompute (compute shaders), glFinish",
                    RowKind::whole,
                    "steady-clock",
                    r.recompute_wall,
                    {{"max_rel_err_vs_cpu_f64", r.max_rel_err}}});
  }
  rows.push_back({"redraw, no recompute: draw 1920x1080 + glFinish", RowKind::other, "steady-clock",
                  result.redraw_1080p});
  rows.push_back({"store-only kernel with geofield's tiles (launch_store_only)", RowKind::kernel,
                  "cuda-events", result.store_only_tiles});
}

void measure_originals(SizeTable& t, std::vector<Row>& rows, double e2e_budget_ms) {
  FieldParams view;
  view.nx = t.nx;
  view.ny = t.ny;
  view.formula = Formula::seed;
  const GridGeometry g = grid_geometry(view);
  for (Strategy s : {Strategy::a, Strategy::b, Strategy::c}) {
    const OriginalResult r = run_original(s, g, e2e_budget_ms);
    const int k = static_cast<int>(s);
    t.original_kernel_ms[k] = r.kernel.median_ms;
    t.original_whole_ms[k] = r.until_host.median_ms;
    const std::string tag =
        std::string("original ") + strategy_name(s) + " (" + strategy_description(s) + ")";
    rows.push_back({tag + ": kernel",
                    RowKind::kernel,
                    "cuda-events",
                    r.kernel,
                    {{"max_rel_err_vs_host_f64", r.max_rel_err}}});
    rows.push_back({tag + ": until host",
                    RowKind::whole,
                    "steady-clock",
                    r.until_host,
                    {{"phases_median_ms",
                      {{"host_grid", r.build_ms},
                       {"h2d", r.h2d_ms},
                       {"kernel_sync", r.kernel_wall_ms},
                       {"d2h", r.d2h_ms},
                       {"host_atan2", r.finish_ms}}}}});
    std::fprintf(stderr, "geofield_bench: %dx%d original %s done\n", t.nx, t.ny, strategy_name(s));
  }
}

int run(int argc, char** argv) {
  CLI::App app{
      "geofield_bench: geofield's recompute beside the original strategies and the ceiling"};
  Options o;
  app.add_option("--sizes", o.sizes, "grid sides (n x n)")->delimiter(',');
  app.add_option("--json", o.json_path, "where to write the results as JSON");
  app.add_option("--commit", o.commit, "the commit measured, recorded in the JSON");
  app.add_option("--e2e-budget-ms", o.e2e_budget_ms,
                 "time spent on the until-host repeats of each original strategy (>= 3 repeats)");
  app.add_flag("--skip-originals", o.skip_originals, "measure geofield and the ceiling only");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  std::string command;
  for (int k = 0; k < argc; ++k) command += (k ? " " : "") + std::string(argv[k]);

  // OpenGL first, then CUDA on the device that runs the GL context.
  HeadlessGlContext gl;
  unsigned gl_devices_count = 0;
  int gl_devices[4] = {};
  GF_CUDA(cudaGLGetDevices(&gl_devices_count, gl_devices, 4, cudaGLDeviceListAll));
  if (gl_devices_count == 0)
    GF_FAIL("no CUDA device runs this GL context (" + gl.description() + ")");
  GF_CUDA(cudaSetDevice(gl_devices[0]));
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, gl_devices[0]));
  int driver = 0, runtime = 0;
  GF_CUDA(cudaDriverGetVersion(&driver));
  GF_CUDA(cudaRuntimeGetVersion(&runtime));

  nlohmann::json doc = {{"date_utc", utc_now()},
                        {"gpu", prop.name},
                        {"sm_count", prop.multiProcessorCount},
                        {"cuda_driver_api", driver},
                        {"cuda_runtime", runtime},
                        {"gl", gl.description()},
                        {"commit", o.commit},
                        {"command", command},
                        {"view", "default: lat 29:31, lon 99:101, ref 30,101, resized n x n"},
                        {"sizes", nlohmann::json::array()}};
  std::printf(
      "# geofield_bench %s\n\nGPU %s (%d SMs), CUDA driver API %d, runtime %d; %s\ncommit %s\n"
      "command: %s\n",
      doc["date_utc"].get<std::string>().c_str(), prop.name, prop.multiProcessorCount, driver,
      runtime, gl.description().c_str(), o.commit.c_str(), command.c_str());
  std::printf(
      "\nms: median of the repeats after warm-up. %% ceil: the store-only texture kernel's "
      "time / the row's time. vs a/b/c: the original strategy's time / the row's time "
      "(kernel rows against the originals' kernels, whole rows against the originals' "
      "time until the field is in host memory).\n");
  std::fflush(stdout);

  FieldTexture texture;
  for (int n : o.sizes) {
    SizeTable t;
    t.nx = t.ny = n;
    std::vector<Row> ceiling, geofield, originals;
    measure_ceiling(texture, t, ceiling);
    measure_geofield(texture, t, geofield);
    if (!o.skip_originals) measure_originals(t, originals, o.e2e_budget_ms);
    for (auto* part : {&originals, &geofield, &ceiling}) {
      t.rows.insert(t.rows.end(), part->begin(), part->end());
    }
    print_table(stdout, t);
    doc["sizes"].push_back(to_json(t));
    write_json(o.json_path, doc);
  }
  return 0;
}

}  // namespace
}  // namespace geofield::bench

int main(int argc, char** argv) {
  try {
    return geofield::bench::run(argc, argv);
  } catch (const geofield::UsageError& e) {
    std::fprintf(stderr, "geofield_bench: %s\n", e.what());
    return 2;
  } catch (const geofield::DeviceMemoryShortage& e) {  // a --sizes entry the GPU cannot hold
    std::fprintf(stderr, "geofield_bench: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "geofield_bench: %s\n", e.what());
    return 1;
  }
}
